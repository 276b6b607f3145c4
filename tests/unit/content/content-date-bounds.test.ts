// Issue 17: a content file's dates lie between 2000-01-01 and one year after today (the import's
// clock, here 2026-06-01); a date outside is a problem of that file, named by its key, as any
// other invalid front matter is, and the import writes nothing.
import { expect, test } from 'bun:test'
import { readContentFile } from '#src/features/content-files/read-file'

const NOW = new Date('2026-06-01T12:00:00Z')
const BODY = 'A body that is long enough to pass the rule of twenty characters.'
const MESSAGE = 'Dates must lie between 2000-01-01 and 2027-06-01.'
const read = (file: string, front: string) => readContentFile(file, `---\ntitle: Dated\nsummary: A summary long enough.\n${front}\n---\n${BODY}`, NOW)

test.each([
  ['posts/far.md', 'date', 'date: 9999-12-31'],
  ['posts/old.md', 'pubDate', 'pubDate: 1999-12-31'],
  ['posts/late.md', 'date', 'date: 2027-06-02'],
  ['posts/edited.md', 'lastmod', 'date: 2024-01-01\nlastmod: 9999-12-31T23:59:59Z'],
  ['posts/timed.md', 'publishAt', 'status: scheduled\npublishAt: 9999-12-31'],
  ['projects/timed.md', 'publishAt', 'status: scheduled\npublishAt: 1999-12-31T00:00:00Z'],
])('%s: one problem naming %s', (file, field, front) => {
  expect(read(file, front)).toEqual({ problems: [{ file, field, message: MESSAGE, code: 'out_of_range' }] })
})

test('the first and the last day of the window are read: 2000-01-01, and 2027-06-01 as scheduled', () => {
  expect(read('posts/first.md', 'date: 2000-01-01')).toMatchObject({ candidate: { dates: { createdAt: '2000-01-01T00:00:00.000Z' } } })
  expect(read('projects/last.md', 'date: 2027-06-01T23:59:59Z')).toMatchObject({ candidate: { data: { status: 'scheduled', publishAt: '2027-06-01T23:59:59.000Z' } } })
})
