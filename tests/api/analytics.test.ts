import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { desc } from 'drizzle-orm'
import { pageViews } from '../../db/schema'
import { manualClock } from '../../src/lib/clock'
import { startTestServer, type TestServer } from '../support/server'

const beacon = (s: TestServer, path: unknown) => s.request('POST', '/api/analytics/pv', { body: { path } })
const lastView = (s: TestServer) => s.conn.db.select().from(pageViews).orderBy(desc(pageViews.id)).get()
const viewCount = (s: TestServer) => s.conn.db.$count(pageViews)

describe('page view beacon', () => {
  const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'))
  let s: TestServer

  beforeAll(async () => {
    s = await startTestServer({ clock })
  })
  afterAll(() => s.close())

  test.each([
    ['a plain public path', '/blog/hello', '/blog/hello'],
    ['the query with the path', '/projects?tag=GPU&sort=new', '/projects?tag=GPU&sort=new'],
    ['the path without its fragment', '/blog/hello?x=1#part-2', '/blog/hello?x=1'],
    ['repeated slashes collapsed in the path only', '//blog///hello?next=http://a//b', '/blog/hello?next=http://a//b'],
    ['a bare trailing question mark dropped', '/blog?', '/blog'],
    ['a path that merely starts like api', '/apiary', '/apiary'],
    ['a long path cut to 512 characters', `/${'x'.repeat(600)}`, `/${'x'.repeat(511)}`],
  ])('stores %s', async (_name, sent, stored) => {
    const res = await beacon(s, sent)
    expect(res.status).toBe(204)
    expect(lastView(s)).toMatchObject({ path: stored, day: '2026-06-01', createdAt: clock.now().toISOString() })
  })

  test.each([
    ['a relative path', 'blog/hello'],
    ['an absolute URL', 'https://example.com/blog/hello'],
    ['an empty path', ''],
    ['a bare fragment', '#top'],
    ['the admin home', '/admin'],
    ['an admin page', '/admin/posts?page=2'],
    ['an admin page in capitals', '/ADMIN/posts'],
    ['an admin page behind doubled slashes', '//admin/posts'],
    ['anything starting with /admin', '/administrator'],
    ['an API path', '/api/posts'],
    ['the API root', '/api'],
    ['a path with a space', '/blog/a b'],
    ['a path with a control character', '/blog/\u0007bell'],
  ])('ignores %s and still answers 204', async (_name, sent) => {
    const before = viewCount(s)
    const res = await beacon(s, sent)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(viewCount(s)).toBe(before)
  })

  test('counts a text/plain beacon as sendBeacon sends it', async () => {
    const res = await s.request('POST', '/api/analytics/pv', {
      raw: JSON.stringify({ path: '/beacon-page' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
    expect(res.status).toBe(204)
    expect(lastView(s)?.path).toBe('/beacon-page')
  })

  test('sets no cookie and stores nothing but path, day and time', async () => {
    const res = await s.request('POST', '/api/analytics/pv', { body: { path: '/private' }, cookie: await s.login() })
    expect(res.status).toBe(204)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(Object.keys(lastView(s)!).sort()).toEqual(['createdAt', 'day', 'id', 'path'])
  })

  test.each([
    ['an empty body', undefined],
    ['no path', { page: '/blog' }],
    ['a numeric path', { path: 5 }],
    ['a null path', { path: null }],
    ['an array', ['/blog']],
    ['a bare string', '/blog'],
  ])('rejects %s with 400', async (_name, body) => {
    const before = viewCount(s)
    const res = await s.request('POST', '/api/analytics/pv', { body })
    expect(res.status).toBe(400)
    expect(res.body.ok).toBe(false)
    expect(viewCount(s)).toBe(before)
  })

  test('refuses a form post with 415', async () => {
    const res = await s.request('POST', '/api/analytics/pv', { raw: 'path=/blog', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(res.status).toBe(415)
  })
})

describe('page view rate limit and an empty history', () => {
  const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'))
  let s: TestServer

  beforeAll(async () => {
    s = await startTestServer({ clock })
  })
  afterAll(() => s.close())

  test('answers 429 with Retry-After past 120 beacons a minute from one address', async () => {
    // Ignored paths still count against the limit, and keep this server's history empty.
    for (let i = 0; i < 120; i++) expect((await beacon(s, '/admin')).status).toBe(204)
    const limited = await beacon(s, '/admin')
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBe(60)
    clock.advance(60_000)
    expect((await beacon(s, '/admin')).status).toBe(204)
    clock.advance(60_000)
  })

  test('reports an all-time range with no start when nothing was ever viewed', async () => {
    const res = await s.get('/api/admin/analytics/summary?all=true', { cookie: await s.login() })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      range: { mode: 'all', days: null, from: null, to: '2026-06-01' },
      totals: { views: 0, uniquePaths: 0 },
      topPaths: [],
      byDay: [],
    })
  })
})
