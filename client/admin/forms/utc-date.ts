// Admin dates, always in UTC and saying so (the admin preamble's rule).
const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' })

const parse = (iso: string) => {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? null : date
}

/** '5 Mar 2025, 14:05 UTC'; the input itself when it is not a date. */
export function formatUtc(iso: string): string {
  const date = parse(iso)
  return date ? `${dateTime.format(date)} UTC` : iso
}

/** '5 Mar 2025'; the input itself when it is not a date. */
export function formatUtcDate(iso: string): string {
  const date = parse(iso)
  return date ? dateOnly.format(date) : iso
}
