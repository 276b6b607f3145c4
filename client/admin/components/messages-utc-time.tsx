// A timestamp as the admin shows it: day, month, year and time, always in UTC and saying so.
const FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
})

/** '5 Mar 2026, 14:05 UTC'; the input itself when it is not a date. */
export function formatUtc(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : `${FORMAT.format(date)} UTC`
}

export function UtcTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatUtc(iso)}</time>
}
