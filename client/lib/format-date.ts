// Dates as the site shows them, always in UTC. NOTE: spelled out by hand, not with Intl: month
// abbreviations differ between ICU versions ('Sep' or 'Sept'), and the server's render and the
// browser's must match character for character or hydration fails.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

const parse = (iso: string): Date | null => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

const pad = (n: number) => String(n).padStart(2, '0')
const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`

/** '5 Mar 2025'; the input itself when it is not a date. */
export const formatDate = (iso: string): string => {
  const date = parse(iso)
  return date ? day(date) : iso
}

/** '5 Mar 2025, 14:05 UTC'; the input itself when it is not a date. */
export const formatDateTime = (iso: string): string => {
  const date = parse(iso)
  return date ? `${day(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC` : iso
}
