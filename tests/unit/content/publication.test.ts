// Publication rules (src/lib/publication.ts), a post's table of contents (src/features/posts/toc.ts)
// and the render cache's schedule (pages dropped when a scheduled item comes due).
import { describe, expect, test } from 'bun:test'
import { tocHeadings } from '#src/features/posts/toc'
import { HOUR, manualClock } from '#src/lib/clock'
import { dateAfterWrite, isPublicAt, nextPublication, publicationOf } from '#src/lib/publication'
import { RenderCache, type CachedPage } from '#src/web/cache/render-cache'

const NOW = '2026-06-01T12:00:00.000Z'
const LATER = '2026-06-02T08:30:00.000Z'
const EARLIER = '2026-05-01T00:00:00.000Z'

describe('publication', () => {
  test('public: published, or scheduled at or before now; never a draft', () => {
    expect(isPublicAt({ status: 'published', publishAt: null }, NOW)).toBe(true)
    expect(isPublicAt({ status: 'draft', publishAt: null }, NOW)).toBe(false)
    expect(isPublicAt({ status: 'scheduled', publishAt: LATER }, NOW)).toBe(false)
    expect(isPublicAt({ status: 'scheduled', publishAt: NOW }, NOW)).toBe(true)
    expect(isPublicAt({ status: 'scheduled', publishAt: null }, NOW)).toBe(false)
  })

  test('the API tells a due scheduled item as published, and a publish time only while scheduled', () => {
    expect(publicationOf({ status: 'scheduled', publishAt: LATER }, NOW)).toEqual({ status: 'scheduled', publishAt: LATER })
    expect(publicationOf({ status: 'scheduled', publishAt: EARLIER }, NOW)).toEqual({ status: 'published', publishAt: EARLIER })
    expect(publicationOf({ status: 'draft', publishAt: null }, NOW)).toEqual({ status: 'draft' })
  })

  test('a write keeps what it does not say, clears the time off schedule, and stores times as UTC', () => {
    expect(nextPublication({}, null)).toEqual({ status: 'published', publishAt: null })
    expect(nextPublication({}, { status: 'draft', publishAt: null })).toEqual({ status: 'draft', publishAt: null })
    expect(nextPublication({}, { status: 'scheduled', publishAt: LATER })).toEqual({ status: 'scheduled', publishAt: LATER })
    expect(nextPublication({ status: 'scheduled', publishAt: '2026-06-02T10:30:00+02:00' }, null)).toEqual({ status: 'scheduled', publishAt: LATER })
    expect(nextPublication({ status: 'published', publishAt: LATER }, null)).toEqual({ status: 'published', publishAt: null })
  })

  test('an item takes the moment it first goes public as its date, unless the author gave one', () => {
    const draft = { status: 'draft' as const, publishAt: null, createdAt: EARLIER }
    const live = { status: 'published' as const, publishAt: null, createdAt: EARLIER }
    const published = { status: 'published' as const, publishAt: null }
    const scheduled = { status: 'scheduled' as const, publishAt: LATER }
    expect(dateAfterWrite(undefined, null, published, NOW)).toBe(NOW)
    expect(dateAfterWrite(undefined, null, scheduled, NOW)).toBe(LATER)
    expect(dateAfterWrite(undefined, draft, published, NOW)).toBe(NOW)
    expect(dateAfterWrite(undefined, draft, scheduled, NOW)).toBe(LATER)
    expect(dateAfterWrite(undefined, draft, { status: 'draft', publishAt: null }, NOW)).toBe(EARLIER)
    expect(dateAfterWrite(undefined, live, published, NOW)).toBe(EARLIER)
    // Taking a live post back to a draft keeps its date.
    expect(dateAfterWrite(undefined, live, { status: 'draft', publishAt: null }, NOW)).toBe(EARLIER)
    expect(dateAfterWrite('2020-01-01T00:00:00+01:00', draft, published, NOW)).toBe('2019-12-31T23:00:00.000Z')
  })
})

describe('table of contents', () => {
  test('h2 and h3 with their ids and plain text; anchors, markup and entities handled; other levels left out', () => {
    const html =
      '<h1 id="top">Top</h1>\n<h2 id="a-b">A &amp; <code>b</code> <a class="anchor" href="#a-b" aria-label="Link to this section">#</a></h2>\n' +
      '<p>x</p><h3 id="deeper">Quote &quot;it&quot; &#39;now&#39; &#x263A; <em>em</em> <a class="anchor" href="#deeper" aria-label="Link to this section">#</a></h3>\n' +
      '<h4 id="h4">Four</h4>'
    expect(tocHeadings(html)).toEqual([
      { depth: 2, id: 'a-b', text: 'A & b' },
      { depth: 3, id: 'deeper', text: 'Quote "it" \'now\' \u263A em' },
    ])
    expect(tocHeadings('<p>No headings</p>')).toEqual([])
  })
})

describe('the render cache and scheduled items', () => {
  const page = (): CachedPage => {
    const h = { 'content-type': 'text/html' }
    return { status: 200, etag: '"x"', responseHeaders: { identity: h, br: h, gzip: h }, encoded: { body: new Uint8Array(1) }, tags: ['posts'], bytes: 1 }
  }

  test('drops the pages once the clock reaches the next scheduled moment, then follows the one after', () => {
    const clock = manualClock(new Date(NOW))
    const start = clock.now().getTime()
    let schedule = [start + HOUR, start + 3 * HOUR]
    const cache = new RenderCache()
    cache.followSchedule(clock, () => schedule.find((t) => t > clock.now().getTime()) ?? null)
    cache.store('/blog', page(), cache.stamp())
    clock.advance(HOUR - 1)
    expect(cache.get('/blog')).toBeDefined()
    clock.advance(1)
    expect(cache.get('/blog')).toBeUndefined()
    cache.store('/blog', page(), cache.stamp())
    clock.advance(HOUR)
    expect(cache.get('/blog')).toBeDefined()
    clock.advance(HOUR)
    expect(cache.get('/blog')).toBeUndefined()
    schedule = []
    cache.store('/blog', page(), cache.stamp())
    clock.advance(100 * HOUR)
    expect(cache.get('/blog')).toBeDefined()
  })

  test('a render that began before the moment is not stored after it', () => {
    const clock = manualClock(new Date(NOW))
    const cache = new RenderCache()
    cache.followSchedule(clock, () => (clock.now().getTime() < Date.parse(NOW) + HOUR ? Date.parse(NOW) + HOUR : null))
    const stamp = cache.stamp()
    clock.advance(HOUR)
    cache.get('/anything')
    expect(cache.store('/blog', page(), stamp)).toBe(false)
  })
})
