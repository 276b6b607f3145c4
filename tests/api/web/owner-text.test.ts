// Issue 32: a BEL typed into a post title and a right-to-left override pasted into the site name
// are stored without them, so the page title, the feeds and the API never carry them (the
// contract's one-line rule, src/contract/text.ts).
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

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNWANTED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]
const text = async (path: string) => {
  const res = await fetch(s.url + path)
  expect(res.status).toBe(200)
  return res.text()
}

test('a post title with a BEL and a site name with U+202E are stored and shown clean', async () => {
  const settings = await s.request('PUT', '/api/admin/settings', { body: { siteName: 'Rowan\u202E gnp.exe', seoTitle: '' }, cookie })
  expect(settings.status).toBe(200)
  expect(settings.body.siteName).toBe('Rowan gnp.exe')
  const created = await s.request('POST', '/api/admin/posts', { body: postInput({ title: 'The bell\u0007 rings twice' }), cookie })
  expect(created.status).toBe(201)
  expect(created.body.title).toBe('The bell rings twice')
  expect((await s.get(`/api/posts/${created.body.slug}`)).body.title).toBe('The bell rings twice')

  const home = await text('/')
  expect(titleOf(home)).toContain('Rowan gnp.exe')
  const page = await text(`/blog/${created.body.slug}`)
  expect(titleOf(page)).toContain('The bell rings twice')
  expect(titleOf(page)).toContain('Rowan gnp.exe')
  const atom = await text('/feed.xml')
  expect(/<feed[^>]*><title type="text">([^<]*)</.exec(atom)?.[1]).toBe('Rowan gnp.exe')
  expect(atom.includes('<title type="text">The bell rings twice</title>')).toBe(true)
  const json = JSON.parse(await text('/feed.json')) as { title: string; items: { title: string }[] }
  expect(json.title).toBe('Rowan gnp.exe')
  expect(json.items.map((i) => i.title)).toContain('The bell rings twice')
  for (const body of [home, page, atom, JSON.stringify(json)]) expect(UNWANTED.exec(body)?.[0]).toBeUndefined()
}, 30_000)
