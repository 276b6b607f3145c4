import { expect, test } from 'bun:test'
import { formatDate, formatDateTime } from '#client/lib/format-date'

test.each([
  ['2025-03-05T23:59:00.000Z', '5 Mar 2025', '5 Mar 2025, 23:59 UTC'],
  ['2025-09-30T00:05:00Z', '30 Sep 2025', '30 Sep 2025, 00:05 UTC'],
  // An offset is converted to UTC: this is already the next day there.
  ['2025-12-31T22:30:00-02:00', '1 Jan 2026', '1 Jan 2026, 00:30 UTC'],
])('shows %s in UTC', (iso, date, dateTime) => {
  expect(formatDate(iso)).toBe(date)
  expect(formatDateTime(iso)).toBe(dateTime)
})

test('gives back text that is not a date unchanged', () => {
  expect(formatDate('soon')).toBe('soon')
  expect(formatDateTime('')).toBe('')
})
