// The admin's `datetime-local` fields read as UTC (the admin preamble's rule: times are UTC and say so).
import { parseDate } from '../format-date'

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const LOCAL_TEXT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/

/**
 * An ISO instant as the text of a `datetime-local` input read as UTC ('2026-03-05T14:05'), in the
 * shortest form browsers give back (seconds and milliseconds only when set); '' when not a date.
 * NOTE: the input has no time zone of its own; the admin labels it UTC, so the text is UTC's clock.
 */
export function toUtcInput(iso: string | undefined): string {
  const date = iso ? parseDate(iso) : null
  if (!date) return ''
  const text = date.toISOString()
  if (date.getUTCMilliseconds()) return text.slice(0, 23)
  return date.getUTCSeconds() ? text.slice(0, 19) : text.slice(0, 16)
}

/** A `datetime-local` text read as UTC, as an ISO instant ('…Z'); null when it names no real moment. */
export function fromUtcInput(text: string): string | null {
  const m = LOCAL_TEXT.exec(text.trim())
  if (!m) return null
  const [year, month, day, hour, minute, second = '0', fraction = '0'] = m.slice(1)
  const ms = Number(fraction.padEnd(3, '0'))
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), ms))
  // Date.UTC rolls 30 February over into March: a text that does not come back is not a date.
  const back = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`
  return back === `${year}-${month}-${day}T${hour}:${minute}` && Number(second) < 60 ? date.toISOString() : null
}
