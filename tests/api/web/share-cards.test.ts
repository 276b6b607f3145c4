// Issue 22: a share card per post, project and the home: a 1200×630 PNG drawn from the item's
// title on the owner's colours, named by og:image and twitter:image, drawn again after an edit.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { postInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo', SITE_URL: 'https://rowan.example' } })
  cookie = await s.login()
}, 30_000)
afterAll(() => s.close())

/** A PNG's width and height, from its IHDR chunk; null when the bytes are not a PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (!signature.every((b, i) => bytes[i] === b)) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1]
const card = async (path: string) => {
  const res = await fetch(s.url + path)
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) }
}

test("a post's page names its own card, a 1200×630 PNG", async () => {
  const slug = ((await s.get('/api/posts')).body.items as { slug: string }[])[0]!.slug
  const html = await (await fetch(`${s.url}/blog/${slug}`)).text()
  const image = metaOf(html, 'og:image')
  expect(image).toBe(`https://rowan.example/og/posts/${slug}.png`)
  expect(metaOf(html, 'twitter:image')).toBe(image)
  expect([metaOf(html, 'og:image:width'), metaOf(html, 'og:image:height')]).toEqual(['1200', '630'])
  const png = await card(new URL(image!).pathname)
  expect(png.status).toBe(200)
  expect(png.type).toBe('image/png')
  expect(pngSize(png.bytes)).toEqual({ width: 1200, height: 630 })
}, 30_000)

test('the home has a card too', async () => {
  const html = await (await fetch(`${s.url}/`)).text()
  expect(metaOf(html, 'og:image')).toBe('https://rowan.example/og/home.png')
  expect(pngSize((await card('/og/home.png')).bytes)).toEqual({ width: 1200, height: 630 })
}, 30_000)

test('an edit draws the card again; a draft, an unknown slug or a wrong name has none', async () => {
  const created = await s.request('POST', '/api/admin/posts', { body: postInput({ title: 'A title before' }), cookie })
  expect(created.status).toBe(201)
  const path = `/og/posts/${created.body.slug}.png`
  const before = await card(path)
  expect(before.status).toBe(200)
  expect((await card(path)).bytes).toEqual(before.bytes)
  const put = await s.request('PUT', `/api/admin/posts/${created.body.slug}`, { body: { ...postInput(), ...created.body, title: 'A title after, longer than the one before it' }, cookie })
  expect(put.status).toBe(200)
  const after = await card(path)
  expect(after.status).toBe(200)
  expect(after.bytes).not.toEqual(before.bytes)

  const draft = await s.request('POST', '/api/admin/posts', { body: postInput({ title: 'Secret draft', status: 'draft' }), cookie })
  for (const missing of [`/og/posts/${draft.body.slug}.png`, '/og/posts/no-such-post.png', `/og/posts/${created.body.slug}`, '/og/projects/nothing.png']) {
    expect((await card(missing)).status).toBe(404)
  }
}, 60_000)

test('a burst of cards is drawn a few at a time: every answer a card or a 429 to retry, never a fault', async () => {
  const slugs = ((await s.get('/api/posts?limit=100')).body.items as { slug: string }[]).map((p) => p.slug)
  const statuses = await Promise.all(slugs.map(async (slug) => (await card(`/og/posts/${slug}.png`)).status))
  expect(statuses.filter((st) => st !== 200 && st !== 429)).toEqual([])
  expect(statuses).toContain(200)
}, 60_000)
