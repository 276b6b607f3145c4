import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CONTENT_MESSAGES } from '#src/contract/input/content-fields'
import { postInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
const create = (body: unknown) => s.request('POST', '/api/admin/posts', { cookie, body })
const slugsOf = (res: { body: { items: { slug: string }[] } }) => res.body.items.map((p) => p.slug)
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString()

beforeAll(async () => {
  s = await startTestServer()
  cookie = await s.login()
  // 25 dated posts, p-1 oldest .. p-25 newest, tagged by parity.
  for (let i = 1; i <= 25; i++) {
    const res = await create(postInput({ title: `Dated ${i}`, slug: `p-${i}`, createdAt: day(i), tags: [i % 2 ? 'Odd' : 'Even'] }))
    if (res.status !== 201) throw new Error(res.text)
  }
})
afterAll(() => s.close())

describe('listing posts', () => {
  test('lists the newest 20 first, without bodies', async () => {
    const res = await s.get('/api/posts')
    expect(res.status).toBe(200)
    expect(res.body.items.length).toBe(20)
    expect(res.body.items[0].slug).toBe('p-25')
    expect(res.body.items[19].slug).toBe('p-6')
    expect(res.body.items[0]).not.toHaveProperty('bodyMD')
    expect(res.body.items[0]).not.toHaveProperty('bodyHtml')
    expect(Object.keys(res.body.items[0])).toEqual(expect.arrayContaining(['title', 'slug', 'summary', 'tags', 'readingMinutes', 'createdAt']))
  })

  test('honours limit from 1 to 100 and rejects values outside it', async () => {
    expect((await s.get('/api/posts?limit=3')).body.items.length).toBe(3)
    expect((await s.get('/api/posts?limit=100')).body.items.length).toBe(25)
    for (const bad of ['0', '101', 'abc', '2.5', '-1']) {
      const res = await s.get(`/api/posts?limit=${bad}`)
      expect(res.status).toBe(400)
      expect(res.body.details[0].message).toBe('limit must be a number from 1 to 100.')
    }
  })

  test('filters by tag and search, ignoring empty values', async () => {
    const odd = await s.get('/api/posts?tag=odd&limit=100')
    expect(odd.body.items.length).toBe(13)
    expect(slugsOf(await s.get('/api/posts?search=dated%2025'))).toEqual(['p-25'])
    expect(slugsOf(await s.get('/api/posts?search=EVEN&limit=100')).length).toBe(12)
    expect((await s.get('/api/posts?search=&tag=&limit=')).body.items.length).toBe(20)
  })
})

describe('reading a post', () => {
  test('returns the full post with prev (newer) and next (older) neighbours', async () => {
    const res = await s.get('/api/posts/p-10')
    expect(res.status).toBe(200)
    expect(res.body.bodyMD).toContain('test post')
    expect(res.body.bodyHtml).toContain('<p>')
    expect(res.body.prev).toEqual({ slug: 'p-11', title: 'Dated 11' })
    expect(res.body.next).toEqual({ slug: 'p-9', title: 'Dated 9' })
  })

  test('the newest post has no prev and the oldest no next', async () => {
    expect((await s.get('/api/posts/p-25')).body.prev).toBeNull()
    expect((await s.get('/api/posts/p-1')).body.next).toBeNull()
  })

  test('an unknown slug is 404', async () => {
    expect((await s.get('/api/posts/nope')).status).toBe(404)
  })
})

describe('neighbours come from the newest 100 posts only', () => {
  let many: TestServer
  beforeAll(async () => {
    many = await startTestServer()
    const c = await many.login()
    // n-1 oldest .. n-102 newest: n-1 and n-2 fall outside the newest 100.
    for (let i = 1; i <= 102; i++) {
      await many.request('POST', '/api/admin/posts', { cookie: c, body: postInput({ slug: `n-${i}`, title: `N ${i}`, createdAt: day(i) }) })
    }
  })
  afterAll(() => many.close())

  test('the 100th newest post has no older neighbour', async () => {
    const res = await many.get('/api/posts/n-3')
    expect(res.body.prev).toEqual({ slug: 'n-4', title: 'N 4' })
    expect(res.body.next).toBeNull()
  })

  test('a post outside the newest 100 has no neighbours', async () => {
    const res = await many.get('/api/posts/n-2')
    expect(res.status).toBe(200)
    expect(res.body.prev).toBeNull()
    expect(res.body.next).toBeNull()
  })
})

describe('writing posts', () => {
  // Its own server: posts written here must not become neighbours of the dated set above.
  let w: TestServer
  let wCookie: string
  const create = (body: unknown) => w.request('POST', '/api/admin/posts', { cookie: wCookie, body })
  beforeAll(async () => {
    w = await startTestServer()
    wCookie = await w.login()
    await create(postInput({ slug: 'p-1' }))
    await create(postInput({ slug: 'p-2' }))
  })
  afterAll(() => w.close())

  test('a post created with an earlier date counts as not edited since; an edit moves updatedAt to now', async () => {
    const created = await create(postInput({ slug: 'dated', createdAt: '2024-03-01T09:00:00.000Z' }))
    expect([created.body.createdAt, created.body.updatedAt]).toEqual(['2024-03-01T09:00:00.000Z', '2024-03-01T09:00:00.000Z'])
    const before = Date.now()
    const edited = await w.request('PUT', '/api/admin/posts/dated', { cookie: wCookie, body: { ...created.body, summary: 'An edited summary, long enough.' } })
    expect(edited.body.createdAt).toBe('2024-03-01T09:00:00.000Z')
    expect(Date.parse(edited.body.updatedAt)).toBeGreaterThanOrEqual(before - 1000)
  })

  test('estimates reading minutes when absent and forces values below 1 to 1', async () => {
    const long = await create(postInput({ bodyMD: 'word '.repeat(1000) }))
    expect(long.body.readingMinutes).toBe(5)
    const zero = await create(postInput({ readingMinutes: 0 }))
    expect(zero.body.readingMinutes).toBe(1)
    const given = await create(postInput({ readingMinutes: 7 }))
    expect(given.body.readingMinutes).toBe(7)
  })

  test.each([
    ['a missing title', { title: '' }, CONTENT_MESSAGES.title],
    ['a short summary', { summary: 'short' }, CONTENT_MESSAGES.summary],
    ['a short body', { bodyMD: 'tiny' }, CONTENT_MESSAGES.body],
    ['fractional reading minutes', { readingMinutes: 1.5 }, 'Reading minutes must be a whole number.'],
    ['a bad createdAt', { createdAt: 'yesterday' }, 'createdAt must be an ISO-8601 timestamp.'],
  ])('rejects %s', async (_name, overrides, message) => {
    const res = await create({ ...postInput(), ...overrides })
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { message: string }) => d.message)).toContain(message)
  })

  test('a taken slug is 409; PUT may rename; DELETE removes', async () => {
    expect((await create(postInput({ slug: 'p-1' }))).status).toBe(409)
    const { body: post } = await create(postInput({ title: 'Rename Me' }))
    const put = await w.request('PUT', `/api/admin/posts/${post.slug}`, { cookie: wCookie, body: postInput({ title: 'Renamed Post' }) })
    expect(put.status).toBe(200)
    expect(put.body.slug).toBe('renamed-post')
    expect(put.body.createdAt).toBe(post.createdAt)
    expect((await w.request('PUT', '/api/admin/posts/renamed-post', { cookie: wCookie, body: postInput({ slug: 'p-2' }) })).status).toBe(409)
    expect((await w.request('DELETE', '/api/admin/posts/renamed-post', { cookie: wCookie })).body).toEqual({ ok: true })
    expect((await w.get('/api/posts/renamed-post')).status).toBe(404)
    expect((await w.request('DELETE', '/api/admin/posts/renamed-post', { cookie: wCookie })).status).toBe(404)
  })

  test('sanitises markdown: no script, no event handlers, no javascript: links', async () => {
    const res = await create(postInput({ bodyMD: 'Hello <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [ok](https://example.com)' }))
    const html: string = res.body.bodyHtml
    expect(html).not.toContain('<script')
    expect(html).not.toContain('onerror')
    expect(html).not.toContain('javascript:')
    expect(html).toContain('rel="noopener noreferrer"')
  })

  test('the admin list includes bodies', async () => {
    const res = await w.get('/api/admin/posts', { cookie: wCookie })
    expect(res.body.items[0]).toHaveProperty('bodyMD')
  })
})
