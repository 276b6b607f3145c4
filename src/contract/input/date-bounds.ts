// The window every accepted date lies in (contract.md, "Bounds every input obeys"): 2000-01-01 to
// one year after today, UTC. NOTE: "today" is the server's clock, which no zod schema can see, so
// each payload's one schema checks a date's form and these functions, given today, its bounds.
import type { ErrorDetail } from '../errors'

export const EARLIEST_DAY = '2000-01-01'
const DAY_MS = 86_400_000

/** One year after `today` (YYYY-MM-DD): the same month and day; 29 February gives 1 March. */
export function latestDay(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  return new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10)
}

const startOf = (day: string) => Date.parse(`${day}T00:00:00Z`)

/** True when `value`, a YYYY-MM-DD day or an ISO timestamp, falls on a UTC day of the window. */
export function isDateInBounds(value: string, today: string): boolean {
  const t = Date.parse(/^\d{4}-\d\d-\d\d$/.test(value) ? `${value}T00:00:00Z` : value)
  // An unreadable value (NaN) fails both comparisons: out of bounds.
  return t >= startOf(EARLIEST_DAY) && t < startOf(latestDay(today)) + DAY_MS
}

export const dateBoundsMessage = (today: string) => `Dates must lie between ${EARLIEST_DAY} and ${latestDay(today)}.`
export const DATE_BOUNDS_CODE = 'out_of_range'

/** The contract's details for each of `fields` of `input` that holds a date outside the window. */
export function dateBoundIssues(input: object, fields: readonly string[], today: string): ErrorDetail[] {
  const values = input as Record<string, unknown>
  return fields.flatMap((path) => {
    const value = values[path]
    return typeof value === 'string' && !isDateInBounds(value, today) ? [{ message: dateBoundsMessage(today), code: DATE_BOUNDS_CODE, path }] : []
  })
}
