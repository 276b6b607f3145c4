// Feeds: Atom 1.0 and JSON Feed 1.1 of the newest posts, whole and per tag; structure, absolute
// URLs, hostile titles escaped, autodiscovery in every page head.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Window, type Element } from 'happy-dom'
import { FEED_SIZE } from '#src/features/feeds/feed-posts'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const SITE = 'https://rowan.example'
let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo', SITE_URL: SITE } })
  cookie = await s.login()
}, 30_000)
afterAll(() => s.close())

const ATOM = 'http://www.w3.org/2005/Atom'

async function atom(path: string) {
  const res = await fetch(s.url + path)
  const text = await res.text()
  const doc = new new Window().DOMParser().parseFromString(text, 'application/xml')
  return { res, text, doc, feed: doc.documentElement }
}
const children = (el: Element, name: string) => Array.from(el.children).filter((c) => c.localName === name)
const child = (el: Element, name: string) => children(el, name)[0]

describe('the whole blog', () => {
  test('/feed.xml is Atom 1.0 with the required elements, the newest 20 posts in order, absolute URLs', async () => {
    const { res, text, feed } = await atom('/feed.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8')
    expect(res.headers.get('cache-control')).toContain('s-maxage=')
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true)
    expect(feed.localName).toBe('feed')
    expect(feed.namespaceURI).toBe(ATOM)
    // RFC 4287 4.1.1: a feed has exactly one id, title and updated, an author, a self link.
    for (const name of ['id', 'title', 'updated']) expect(children(feed, name)).toHaveLength(1)
    expect(child(feed, 'author')!.textContent).toContain('Rowan Castillo')
    const self = children(feed, 'link').find((l) => l.getAttribute('rel') === 'self')!
    expect(self.getAttribute('href')).toBe(`${SITE}/feed.xml`)
    const posts = (await s.get(`/api/posts?limit=${FEED_SIZE}`)).body.items as { slug: string; title: string }[]
    const entries = children(feed, 'entry')
    expect(entries.map((e) => child(e, 'id')!.textContent)).toEqual(posts.slice(0, FEED_SIZE).map((p) => `${SITE}/blog/${p.slug}`))
    for (const e of entries) {
      for (const name of ['id', 'title', 'updated', 'published', 'summary', 'content']) expect(children(e, name)).toHaveLength(1)
      expect(child(e, 'content')!.getAttribute('type')).toBe('html')
      expect(Date.parse(child(e, 'updated')!.textContent!)).not.toBeNaN()
      // The full body, with every link and image absolute.
      const html = child(e, 'content')!.textContent!
      expect(html.length).toBeGreaterThan(200)
      expect(html).not.toMatch(/(href|src)="\/(?!\/)/)
    }
    expect(Date.parse(child(feed, 'updated')!.textContent!)).toBe(Math.max(...entries.map((e) => Date.parse(child(e, 'updated')!.textContent!))))
  })

  test('/feed.json is JSON Feed 1.1 with the same posts and full HTML', async () => {
    const res = await fetch(s.url + '/feed.json')
    expect(res.headers.get('content-type')).toBe('application/feed+json; charset=utf-8')
    const feed = await res.json()
    expect(feed.version).toBe('https://jsonfeed.org/version/1.1')
    expect(feed.title).toBe('Rowan Castillo')
    expect(feed.home_page_url).toBe(`${SITE}/blog`)
    expect(feed.feed_url).toBe(`${SITE}/feed.json`)
    const { feed: xml } = await atom('/feed.xml')
    expect(feed.items.map((i: { id: string }) => i.id)).toEqual(children(xml, 'entry').map((e) => child(e, 'id')!.textContent))
    for (const item of feed.items) {
      expect(typeof item.content_html).toBe('string')
      expect(item.url).toStartWith(`${SITE}/blog/`)
      expect(Date.parse(item.date_published)).not.toBeNaN()
      expect(Array.isArray(item.tags)).toBe(true)
    }
  })

  test('every page head announces both feeds', async () => {
    for (const path of ['/', '/blog', '/projects', '/no-such-page']) {
      const html = await (await fetch(s.url + path)).text()
      const head = html.slice(0, html.indexOf('</head>'))
      expect(head).toContain('<link rel="alternate" type="application/atom+xml" title="Blog (Atom)" href="/feed.xml">')
      expect(head).toContain('<link rel="alternate" type="application/feed+json" title="Blog (JSON Feed)" href="/feed.json">')
    }
  })
})

describe('per tag', () => {
  test('/blog/tag/{tag}/feed.xml and .json carry only that tag, whatever the case in the URL', async () => {
    const tagged = (await s.get('/api/posts?tag=FPGA&limit=100')).body.items as { slug: string; tags: string[] }[]
    expect(tagged.length).toBeGreaterThan(0)
    // The feed names the tag as the posts write it (the sample posts: lowercase), not as the URL does.
    const spelling = tagged[0]!.tags.find((t) => t.toLowerCase() === 'fpga')!
    const { res, feed } = await atom('/blog/tag/FpGa/feed.xml')
    expect(res.status).toBe(200)
    expect(children(feed, 'entry').map((e) => child(e, 'id')!.textContent)).toEqual(tagged.slice(0, FEED_SIZE).map((p) => `${SITE}/blog/${p.slug}`))
    expect(child(feed, 'title')!.textContent).toBe(`Rowan Castillo: posts tagged ${spelling}`)
    const json = await (await fetch(s.url + '/blog/tag/FPGA/feed.json')).json()
    expect(json.items).toHaveLength(Math.min(FEED_SIZE, tagged.length))
    expect(json.home_page_url).toBe(`${SITE}/blog?tag=${spelling}`)
  })

  test('a tag no post has is a 404; odd characters in the tag are no error', async () => {
    expect((await fetch(s.url + '/blog/tag/nothing-here/feed.xml')).status).toBe(404)
    expect((await fetch(s.url + '/blog/tag/100%25/feed.json')).status).toBe(404)
    expect((await fetch(s.url + '/blog/tag/%E0%A4%A/feed.xml')).status).toBeLessThan(500)
  })
})

test('hostile titles, summaries and tags are escaped: the feed stays well-formed and says them verbatim', async () => {
  const hostile = `</title><script>alert(1)</script> & "quotes" 'apos' ]]> <![CDATA[ \u0000\u0008 \ud800 end`
  const created = await s.request('POST', '/api/admin/posts', {
    cookie,
    body: { title: `Hostile ${hostile}`, summary: `Summary ${hostile}`, tags: ['a&b<c>'], bodyMD: `A body with [a link](/projects) and <b>bold</b> text and ${hostile}` },
  })
  expect(created.status).toBe(201)
  const { text, doc, feed } = await atom('/feed.xml')
  expect(doc.querySelector('parsererror')).toBeNull()
  const entry = children(feed, 'entry').find((e) => child(e, 'id')!.textContent === `${SITE}/blog/${created.body.slug}`)!
  // What XML 1.0 cannot carry (NUL, backspace) is dropped; everything else is as stored (SQLite
  // stores text as UTF-8, so the lone surrogate is already U+FFFD there).
  expect(child(entry, 'title')!.textContent).toBe(created.body.title.replaceAll('\u0000', '').replaceAll('\u0008', ''))
  // Changed in issue 32 (9d): a one-line owner text loses its control characters when stored, so
  // the title no longer holds the NUL the feed once had to drop.
  expect(created.body.title).not.toContain('\u0000')
  expect(children(entry, 'category').map((c) => c.getAttribute('term'))).toEqual(['a&b<c>'])
  expect(child(entry, 'content')!.textContent).toContain(`href="${SITE}/projects"`)
  expect(text).not.toContain('<script>')
  const json = await (await fetch(s.url + '/feed.json')).json()
  expect(json.items.find((i: { url: string }) => i.url.endsWith(created.body.slug)).title).toBe(created.body.title)
})
