// Dates as folio shows them, in the site and the admin alike: always in UTC. NOTE: spelled out by
// hand, not with Intl: month abbreviations differ between ICU versions ('Sep' or 'Sept'), and the
// server's render and the browser's must match character for character or hydration fails.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The instant `at` names; null when it is not a date. */
export const parseDate = (at: string | number): Date | null => {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? null : date
}

const pad = (n: number) => String(n).padStart(2, '0')
const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`
const clock = (d: Date, seconds: boolean) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${seconds ? `:${pad(d.getUTCSeconds())}` : ''}`

/** '5 Mar 2025'; the input itself when it is not a date. */
export const formatDate = (iso: string): string => {
  const date = parseDate(iso)
  return date ? day(date) : iso
}

/** '5 Mar 2025, 14:05 UTC' (with `seconds`, '14:05:09 UTC'); the input itself when it is not a date. */
export const formatDateTime = (iso: string, { seconds = false } = {}): string => {
  const date = parseDate(iso)
  return date ? `${day(date)}, ${clock(date, seconds)} UTC` : iso
}
