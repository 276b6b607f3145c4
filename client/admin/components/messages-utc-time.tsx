// A timestamp as the admin shows it: day, month, year and time, always in UTC and saying so.
const OPTIONS: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }
const FORMAT = new Intl.DateTimeFormat('en-GB', OPTIONS)
const WITH_SECONDS = new Intl.DateTimeFormat('en-GB', { ...OPTIONS, second: '2-digit' })

/** '5 Mar 2026, 14:05 UTC' (with `seconds`, '14:05:09 UTC'); the input itself when it is not a date. */
export function formatUtc(iso: string, { seconds = false } = {}): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : `${(seconds ? WITH_SECONDS : FORMAT).format(date)} UTC`
}

export function UtcTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatUtc(iso)}</time>
}
