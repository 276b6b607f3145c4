// A timestamp as the admin shows it: day, month, year and time, always in UTC and saying so.
import { formatDateTime } from '#client/lib/format-date'

export function UtcTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDateTime(iso)}</time>
}
