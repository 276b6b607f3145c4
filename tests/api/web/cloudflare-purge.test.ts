// Purging Cloudflare by URL (issue 24), against a local fake of its API (the outside world is
// the one thing mocked): after a post is written, after a scheduled post goes public with no
// request at all, and after a settings change; a failing call is retried and the answer to the
// admin never waits for it.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { manualClock } from '#src/lib/clock'
import { postInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { until } from '#tests/support/server/webhook-sink'

type Call = { path: string; auth: string | null; body: { files?: string[]; purge_everything?: boolean } }
const ZONE = '0123456789abcdef0123456789abcdef'
const TOKEN = 'test-token-with-cache-purge-permission'
const calls: Call[] = []
let failNext = 0
let fake: ReturnType<typeof Bun.serve>
let s: TestServer
let cookie = ''
const clock = manualClock(new Date('2026-11-26T12:00:00Z'))

beforeAll(async () => {
  fake = Bun.serve({
    port: 0,
    fetch: async (req) => {
      calls.push({ path: new URL(req.url).pathname, auth: req.headers.get('authorization'), body: (await req.json()) as Call['body'] })
      if (failNext > 0) {
        failNext--
        return Response.json({ success: false, errors: [{ message: 'try later' }] }, { status: 500 })
      }
      return Response.json({ success: true, result: { id: ZONE } })
    },
  })
  s = await startTestServer({ env: { SITE_URL: 'https://me.example', CLOUDFLARE_ZONE_ID: ZONE, CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_API_URL: `http://127.0.0.1:${fake.port}/client/v4` }, clock })
  cookie = await s.login()
})
afterAll(async () => {
  await s.close()
  fake.stop(true)
})

test('a new post purges its lists and feeds by URL, with the zone and the token; the admin did not wait for it', async () => {
  calls.length = 0
  failNext = 1
  const started = performance.now()
  const res = await s.request('POST', '/api/admin/posts', { body: postInput({ title: 'Purged at Cloudflare' }), cookie })
  expect(res.status).toBe(201)
  expect(performance.now() - started).toBeLessThan(900)
  // The first call fails (500): retried after a second.
  await until(() => calls.length === 2, 'the retried purge')
  const call = calls[1]!
  expect(call.path).toBe(`/client/v4/zones/${ZONE}/purge_cache`)
  expect(call.auth).toBe(`Bearer ${TOKEN}`)
  expect(call.body.files).toEqual(expect.arrayContaining(['https://me.example/', 'https://me.example/blog', 'https://me.example/feed.xml', 'https://me.example/feed.json', 'https://me.example/sitemap.xml', 'https://me.example/api/posts']))
  expect(call.body.files).not.toContain('https://me.example/skills')
  expect(calls[0]!.body).toEqual(call.body)
})

test('a scheduled post going public is purged at its time, with no request to folio at all', async () => {
  const publishAt = new Date(clock.now().getTime() + 60_000).toISOString()
  expect((await s.request('POST', '/api/admin/posts', { body: postInput({ title: 'Later', status: 'scheduled', publishAt }), cookie })).status).toBe(201)
  await until(() => calls.length > 0, 'the new post\'s purge', 3000)
  await Bun.sleep(300)
  calls.length = 0
  // Before its time nothing more is purged, however long the purger's check runs.
  await Bun.sleep(500)
  expect(calls).toEqual([])
  clock.advance(61_000)
  // Noticed by the purger's own check (every 10 s), not by a visit.
  await until(() => calls.length === 1, 'the scheduled moment\'s purge', 15_000)
  // The render cache drops every page at a scheduled moment (site, lists, feeds): so does the zone.
  expect(calls[0]!.body).toEqual({ purge_everything: true })
}, 30_000)

test('a settings change shows on every page: the whole zone is purged', async () => {
  calls.length = 0
  expect((await s.request('PUT', '/api/admin/settings', { body: { tagline: 'A new line.' }, cookie })).status).toBe(200)
  await until(() => calls.length === 1, 'the settings purge')
  expect(calls[0]!.body).toEqual({ purge_everything: true })
})

test("an edited post's own page and API read are purged, though this server never kept them", async () => {
  const created = await s.request('POST', '/api/admin/posts', { body: postInput({ title: 'Edited at Cloudflare' }), cookie })
  await until(() => calls.length > 0, 'the new post\'s purge', 3000)
  await Bun.sleep(300)
  calls.length = 0
  const slug = (created.body as { slug: string }).slug
  expect((await s.request('PUT', `/api/admin/posts/${slug}`, { body: postInput({ title: 'Edited at Cloudflare', slug }), cookie })).status).toBe(200)
  await until(() => calls.length === 1, 'the edit\'s purge')
  expect(calls[0]!.body.files).toEqual(expect.arrayContaining([`https://me.example/blog/${slug}`, `https://me.example/api/posts/${slug}`, 'https://me.example/blog']))
})
