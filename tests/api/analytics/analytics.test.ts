import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { browser } from '#tests/support/data/visitors'

// Each beacon from its own browser: these tests are about paths, days and ranges, not people.
const beacon = (s: TestServer, path: unknown, ip?: string) => s.request('POST', '/api/analytics/pv', { body: { path }, headers: browser({ ip }) })
const cookies = new WeakMap<TestServer, string>()
/** Reading the summary writes what the collector holds; then the table is read as it stands. */
async function flushed(s: TestServer) {
  if (!cookies.has(s)) cookies.set(s, await s.login())
  expect((await s.get('/api/admin/analytics/summary', { cookie: cookies.get(s)! })).status).toBe(200)
}
type HitRow = { id: number; day: string; path: string; created_at: string; visitor: string } & Record<string, unknown>
const lastView = async (s: TestServer) => {
  await flushed(s)
  return s.conn.sqlite.query("SELECT * FROM analytics_hits WHERE kind = 'view' ORDER BY id DESC LIMIT 1").get() as HitRow | null
}
const viewCount = async (s: TestServer) => {
  await flushed(s)
  return (s.conn.sqlite.query("SELECT count(*) AS n FROM analytics_hits WHERE kind = 'view'").get() as { n: number }).n
}
const TRUST = { TRUST_PROXY: '1' }

describe('page view beacon', () => {
  const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'))
  let s: TestServer

  beforeAll(async () => {
    s = await startTestServer({ clock, env: TRUST })
  })
  afterAll(() => s.close())

  test.each([
    ['a plain public path', '/blog/hello', '/blog/hello'],
    ['the query with the path', '/projects?tag=GPU', '/projects?tag=GPU'],
    ['only the query its route declares, in name order', '/projects?zz=1&tag=GPU&sort=new&search=fpga', '/projects?search=fpga&tag=GPU'],
    ['no query for a page without declared parameters', '/blog/hello?x=1', '/blog/hello'],
    ['the path without its fragment', '/blog?tag=go#part-2', '/blog?tag=go'],
    ['repeated slashes collapsed in the path', '//blog///hello', '/blog/hello'],
    ['a bare trailing question mark dropped', '/blog?', '/blog'],
    ['a path that merely starts like api', '/apiary', '/apiary'],
    ['a long path cut to 512 characters', `/${'x'.repeat(600)}`, `/${'x'.repeat(511)}`],
  ])('stores %s', async (_name, sent, stored) => {
    const res = await beacon(s, sent)
    expect(res.status).toBe(204)
    expect(await lastView(s)).toMatchObject({ path: stored, day: '2026-06-01', created_at: clock.now().toISOString() })
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
    const before = await viewCount(s)
    const res = await beacon(s, sent)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect(await viewCount(s)).toBe(before)
  })

  test('counts a text/plain beacon as sendBeacon sends it', async () => {
    const res = await s.request('POST', '/api/analytics/pv', {
      raw: JSON.stringify({ path: '/beacon-page' }),
      headers: { ...browser(), 'content-type': 'text/plain;charset=UTF-8' },
    })
    expect(res.status).toBe(204)
    expect((await lastView(s))?.path).toBe('/beacon-page')
  })

  test('sets no cookie and stores no address or user agent, only a 128-bit hash for the day', async () => {
    const headers = browser({ ip: '203.0.113.77' })
    const res = await s.request('POST', '/api/analytics/pv', { body: { path: '/private' }, headers })
    expect(res.status).toBe(204)
    expect(res.headers.get('set-cookie')).toBeNull()
    const row = (await lastView(s))!
    expect(row.path).toBe('/private')
    expect(row.visitor).toMatch(/^[0-9a-f]{32}$/)
    const text = JSON.stringify(row)
    expect(text).not.toContain('203.0.113.77')
    expect(text).not.toContain('Chrome/126')
  })

  test.each([
    ['an empty body', undefined],
    ['no path', { page: '/blog' }],
    ['a numeric path', { path: 5 }],
    ['a null path', { path: null }],
    ['an array', ['/blog']],
    ['a bare string', '/blog'],
  ])('rejects %s with 400', async (_name, body) => {
    const before = await viewCount(s)
    const res = await s.request('POST', '/api/analytics/pv', { body, headers: browser() })
    expect(res.status).toBe(400)
    expect(res.body.ok).toBe(false)
    expect(await viewCount(s)).toBe(before)
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
    s = await startTestServer({ clock, env: TRUST })
  })
  afterAll(() => s.close())

  test('answers 429 with Retry-After past 120 beacons a minute from one address', async () => {
    // Ignored paths still count against the limit, and keep this server's history empty.
    const ip = '203.0.113.5'
    for (let i = 0; i < 120; i++) expect((await beacon(s, '/admin', ip)).status).toBe(204)
    const limited = await beacon(s, '/admin', ip)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBe(60)
    clock.advance(60_000)
    expect((await beacon(s, '/admin', ip)).status).toBe(204)
    clock.advance(60_000)
  })

  test('reports an all-time range with no start when nothing was ever viewed', async () => {
    const res = await s.get('/api/admin/analytics/summary?all=true', { cookie: await s.login() })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      range: { mode: 'all', days: null, from: null, to: '2026-06-01' },
      totals: { views: 0, uniquePaths: 0, visitors: 0 },
      topPaths: [],
      byDay: [],
      chart: [],
      previous: { from: null, to: null, change: { views: null, visitors: null } },
    })
  })
})

describe('analytics summary', () => {
  const clock = manualClock()
  let s: TestServer
  let cookie: string

  /** Views per UTC day; the times sit on day edges to prove the day is UTC and inclusive. */
  const SEED: [string, string[]][] = [
    ['2026-04-01T23:59:59.999Z', ['/a']],
    ['2026-04-02T00:00:00.000Z', ['/b', '/b', '/admin/posts', 'relative']],
    ['2026-04-24T12:00:00.000Z', ['/c']],
    ['2026-04-25T00:00:00.000Z', ['/a', '/c', '/c']],
    ['2026-05-01T08:00:00.000Z', ['/b', '/a', '/a', '/a']],
  ]

  beforeAll(async () => {
    s = await startTestServer({ clock, env: TRUST })
    for (const [at, paths] of SEED) {
      clock.set(new Date(at))
      for (const path of paths) expect((await beacon(s, path)).status).toBe(204)
    }
    clock.set(new Date('2026-05-01T10:00:00.000Z'))
    cookie = await s.login()
  })
  afterAll(() => s.close())

  const summary = (query: string) => s.get(`/api/admin/analytics/summary${query}`, { cookie })

  test('refuses the summary without a session', async () => {
    expect((await s.get('/api/admin/analytics/summary')).status).toBe(401)
  })

  test('covers the last 30 days by default, today included', async () => {
    const res = await summary('')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      range: { mode: 'days', days: 30, from: '2026-04-02', to: '2026-05-01' },
      totals: { views: 10, uniquePaths: 3, visitors: 10 },
      topPaths: [
        { path: '/a', count: 4 },
        { path: '/b', count: 3 },
        { path: '/c', count: 3 },
      ],
      byDay: [
        { day: '2026-04-02', total: 2, paths: [{ path: '/b', count: 2 }] },
        { day: '2026-04-24', total: 1, paths: [{ path: '/c', count: 1 }] },
        { day: '2026-04-25', total: 3, paths: [{ path: '/c', count: 2 }, { path: '/a', count: 1 }] },
        { day: '2026-05-01', total: 4, paths: [{ path: '/a', count: 3 }, { path: '/b', count: 1 }] },
      ],
    })
  })

  test.each([
    ['?days=1', { mode: 'days', days: 1, from: '2026-05-01', to: '2026-05-01' }, 4, ['2026-05-01']],
    ['?days=7', { mode: 'days', days: 7, from: '2026-04-25', to: '2026-05-01' }, 7, ['2026-04-25', '2026-05-01']],
    ['?days=90', { mode: 'days', days: 90, from: '2026-02-01', to: '2026-05-01' }, 11, ['2026-04-01', '2026-04-02', '2026-04-24', '2026-04-25', '2026-05-01']],
    ['?all=true', { mode: 'all', days: null, from: '2026-04-01', to: '2026-05-01' }, 11, ['2026-04-01', '2026-04-02', '2026-04-24', '2026-04-25', '2026-05-01']],
    ['?from=2026-04-02&to=2026-04-24', { mode: 'custom', days: null, from: '2026-04-02', to: '2026-04-24' }, 3, ['2026-04-02', '2026-04-24']],
    ['?from=2026-04-25&to=2026-04-25', { mode: 'custom', days: null, from: '2026-04-25', to: '2026-04-25' }, 3, ['2026-04-25']],
    ['?from=2026-04-03&to=2026-04-23', { mode: 'custom', days: null, from: '2026-04-03', to: '2026-04-23' }, 0, []],
    ['?all=true&days=7', { mode: 'all', days: null, from: '2026-04-01', to: '2026-05-01' }, 11, ['2026-04-01', '2026-04-02', '2026-04-24', '2026-04-25', '2026-05-01']],
    ['?days=&from=&to=', { mode: 'days', days: 30, from: '2026-04-02', to: '2026-05-01' }, 10, ['2026-04-02', '2026-04-24', '2026-04-25', '2026-05-01']],
  ])('summarises %s', async (query, range, views, days) => {
    const res = await summary(query)
    expect(res.status).toBe(200)
    expect(res.body.range).toEqual(range)
    expect(res.body.totals.views).toBe(views)
    expect(res.body.byDay.map((d: { day: string }) => d.day)).toEqual(days)
  })

  test('ranks all-time top paths by count, then by path', async () => {
    const res = await summary('?all=true')
    expect(res.body.totals).toEqual({ views: 11, uniquePaths: 3, visitors: 11 })
    expect(res.body.topPaths).toEqual([
      { path: '/a', count: 5 },
      { path: '/b', count: 3 },
      { path: '/c', count: 3 },
    ])
  })

  test('counts unique paths within the range only', async () => {
    const res = await summary('?from=2026-04-02&to=2026-04-24')
    expect(res.body.totals).toEqual({ views: 3, uniquePaths: 2, visitors: 3 })
    expect(res.body.topPaths).toEqual([
      { path: '/b', count: 2 },
      { path: '/c', count: 1 },
    ])
  })

  test.each([
    ['a day that does not exist', '?from=2026-02-30&to=2026-03-01'],
    ['a malformed date', '?from=2026-4-1&to=2026-05-01'],
    ['from without to', '?from=2026-04-01'],
    ['to without from', '?to=2026-04-01'],
    ['from after to', '?from=2026-04-02&to=2026-04-01'],
    ['zero days', '?days=0'],
    ['negative days', '?days=-7'],
    ['days that are not a number', '?days=week'],
  ])('rejects %s with 400 and details', async (_name, query) => {
    const res = await summary(query)
    expect(res.status).toBe(400)
    expect(res.body.ok).toBe(false)
    expect(res.body.details.length).toBeGreaterThan(0)
  })
})

describe('analytics summary limits', () => {
  const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'))
  let s: TestServer
  // 25 paths on one day: /p01 viewed 25 times, /p02 24 times, ... /p25 once.
  const paths = Array.from({ length: 25 }, (_, i) => `/p${String(i + 1).padStart(2, '0')}`)

  beforeAll(async () => {
    s = await startTestServer({ clock, env: TRUST })
    const beacons = paths.flatMap((path, i) => Array<string>(25 - i).fill(path))
    for (let i = 0; i < beacons.length; i += 100) {
      // One minute per hundred keeps the seeding under the beacon rate limit.
      clock.set(new Date(Date.parse('2026-06-01T00:00:00.000Z') + (i / 100) * 60_000))
      await Promise.all(beacons.slice(i, i + 100).map((path) => beacon(s, path)))
    }
    clock.set(new Date('2026-06-01T12:00:00.000Z'))
  })
  afterAll(() => s.close())

  test('keeps the top 20 paths overall and the top 10 of each day, totals from every path', async () => {
    const res = await s.get('/api/admin/analytics/summary?days=1', { cookie: await s.login() })
    expect(res.body.totals).toEqual({ views: 325, uniquePaths: 25, visitors: 325 })
    expect(res.body.topPaths).toEqual(paths.slice(0, 20).map((path, i) => ({ path, count: 25 - i })))
    expect(res.body.byDay).toEqual([{ day: '2026-06-01', total: 325, paths: paths.slice(0, 10).map((path, i) => ({ path, count: 25 - i })) }])
  })
})
