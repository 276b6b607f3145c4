// Who is counted: one visitor once a day (no cookie), page loads served from memory or rendered,
// never the admin, never a browser sending Global Privacy Control, bots apart with their reason.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { DB_FILE } from '#db/connection'
import { DAY, manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { browser, freshIp, pageLoad, USER_AGENTS } from '#tests/support/data/visitors'

const ENV = { TRUST_PROXY: '1', SEED: 'demo' }

async function summaryOf(s: TestServer, query = 'days=1') {
  const res = await s.get(`/api/admin/analytics/summary?${query}`, { cookie: await s.login() })
  expect(res.status).toBe(200)
  return res.body
}
const load = (s: TestServer, path: string, headers: Record<string, string>) => s.request('GET', path, { headers: { ...pageLoad(), ...headers } })

describe('unique visitors', () => {
  const clock = manualClock(new Date('2026-06-01T09:00:00.000Z'))
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ clock, env: ENV })
  })
  afterAll(() => s.close())

  test('the same person twice a day is one visitor; the next day, a visitor again; no cookie is set', async () => {
    const ada = browser({ ip: '203.0.113.10' })
    const first = await load(s, '/', ada)
    expect(first.status).toBe(200)
    expect(first.headers.get('set-cookie')).toBeNull()
    clock.advance(60_000)
    expect((await load(s, '/blog', ada)).headers.get('set-cookie')).toBeNull()
    clock.advance(3 * 3_600_000)
    await load(s, '/', ada)
    // Another browser at the same address is another person.
    await load(s, '/', browser({ ip: '203.0.113.10', ua: USER_AGENTS.firefoxLinux }))
    let body = await summaryOf(s)
    expect(body.totals).toEqual({ views: 4, uniquePaths: 2, visitors: 2 })
    expect(body.panels.path).toEqual([
      { value: '/', views: 3, visitors: 2 },
      { value: '/blog', views: 1, visitors: 1 },
    ])

    clock.advance(DAY)
    await load(s, '/', ada)
    body = await summaryOf(s)
    expect(body.totals).toEqual({ views: 1, uniquePaths: 1, visitors: 1 })
    body = await summaryOf(s, 'days=2')
    expect(body.totals.visitors).toBe(3)
    expect(body.chart.map((d: { visitors: number }) => d.visitors)).toEqual([2, 1])
  })

  test('a reload within seconds is the same view; the beacon of a page the server counted adds nothing', async () => {
    const before = (await summaryOf(s)).totals.views
    const bob = browser()
    await load(s, '/projects', bob)
    await load(s, '/projects', bob)
    await s.request('POST', '/api/analytics/pv', { body: { path: '/projects' }, headers: bob })
    expect((await summaryOf(s)).totals.views).toBe(before + 1)
    clock.advance(11_000)
    await load(s, '/projects', bob)
    expect((await summaryOf(s)).totals.views).toBe(before + 2)
  })

  test('page loads count whether the page comes from memory or is rendered', async () => {
    const before = (await summaryOf(s)).totals.views
    const responses = []
    for (let i = 0; i < 3; i++) responses.push(await load(s, '/skills', browser()))
    expect(responses.map((r) => r.headers.get('x-cache'))).toContain('HIT')
    expect((await summaryOf(s)).totals.views).toBe(before + 3)
  })

  test('prefetches, HEAD requests and frames are not views (a frame is the live app goal)', async () => {
    const before = await summaryOf(s)
    await load(s, '/blog', browser({ headers: { 'sec-purpose': 'prefetch' } }))
    await s.request('HEAD', '/blog', { headers: browser() })
    await load(s, '/demo/dapp?embed=1', browser({ headers: { 'sec-fetch-dest': 'iframe' } }))
    const after = await summaryOf(s)
    expect(after.totals.views).toBe(before.totals.views)
    expect(after.panels.goal).toContainEqual({ value: 'Live app opened', views: 1, visitors: 1 })
  })

  test('a restarted server remembers who was counted today', async () => {
    const first = await startTestServer({ clock, env: ENV, keepData: true })
    const carol = browser({ ip: '203.0.113.99' })
    await load(first, '/contact', carol)
    expect((await summaryOf(first)).totals).toMatchObject({ views: 1, visitors: 1 })
    await first.close()
    const again = await startTestServer({ clock, env: ENV, dataDir: first.dataDir })
    clock.advance(60_000)
    await load(again, '/contact', carol)
    await load(again, '/', browser())
    expect((await summaryOf(again)).totals).toMatchObject({ views: 3, visitors: 2 })
    await again.close()
  })
})

describe('never counted', () => {
  const clock = manualClock(new Date('2026-06-01T09:00:00.000Z'))
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ clock, env: ENV })
  })
  afterAll(() => s.close())

  test('the signed-in admin, on pages and by beacon', async () => {
    const cookie = await s.login()
    await s.request('GET', '/', { headers: { ...pageLoad(), ...browser() }, cookie })
    await s.request('POST', '/api/analytics/pv', { body: { path: '/blog' }, headers: browser(), cookie })
    const body = await summaryOf(s)
    expect(body.totals.views).toBe(0)
    expect(body.events.bots).toBe(0)
  })

  test('a browser sending Global Privacy Control, in no figure at all', async () => {
    await load(s, '/', browser({ headers: { 'sec-gpc': '1' } }))
    await s.request('POST', '/api/analytics/pv', { body: { path: '/blog' }, headers: browser({ headers: { 'sec-gpc': '1' } }) })
    await s.request('POST', '/api/analytics/ping?goal=outbound', { raw: 'PING', headers: browser({ headers: { 'sec-gpc': '1', 'content-type': 'text/ping', 'ping-to': 'https://github.com/' } }) })
    const body = await summaryOf(s)
    expect(body.totals.views).toBe(0)
    expect(body.events).toEqual({ bots: 0, notFound: 0, feeds: 0, goals: 0 })
  })

  test('nothing personal reaches the database file', async () => {
    const ip = '203.0.113.250'
    await load(s, '/blog', browser({ ip, ua: USER_AGENTS.firefoxLinux }))
    expect((await summaryOf(s)).totals.views).toBe(1)
    s.conn.sqlite.run('PRAGMA wal_checkpoint(TRUNCATE)')
    const bytes = readFileSync(join(s.dataDir, DB_FILE)).toString('latin1')
    expect(bytes).toContain('/blog')
    expect(bytes).not.toContain(ip)
    expect(bytes).not.toContain('rv:128.0')
  })
})

describe('bots', () => {
  const clock = manualClock(new Date('2026-06-01T09:00:00.000Z'))
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ clock, env: ENV })
  })
  afterAll(() => s.close())

  test('known crawlers and headless browsers by user agent, a request with no Accept-Language, counted apart by reason', async () => {
    await load(s, '/', browser({ ua: USER_AGENTS.googlebot }))
    await load(s, '/blog', browser({ ua: USER_AGENTS.headlessChrome }))
    await load(s, '/blog', { 'user-agent': USER_AGENTS.chromeWindows, 'x-forwarded-for': freshIp() })
    await s.request('POST', '/api/analytics/pv', { body: { path: '/' }, headers: { 'user-agent': 'curl/8.5.0', 'accept-language': 'en' } })
    await load(s, '/', { 'user-agent': '', 'x-forwarded-for': freshIp(), 'accept-language': 'en' })
    const body = await summaryOf(s)
    expect(body.totals.views).toBe(0)
    expect(body.events.bots).toBe(5)
    const reasons = Object.fromEntries(body.panels.bot.map((r: { value: string; views: number }) => [r.value, r.views]))
    expect(reasons['No Accept-Language']).toBe(1)
    expect(reasons['No user agent']).toBe(1)
    expect(Object.keys(reasons).filter((r) => r.startsWith('Known bot: ')).length).toBe(3)
    expect(Object.keys(reasons).some((r) => /headless/.test(r))).toBe(true)
  })

  test('a person cannot load pages at a bot’s rate: past 30 a minute the rest of the day is filtered', async () => {
    const before = await summaryOf(s)
    const scraper = browser()
    for (let i = 0; i < 40; i++) await load(s, `/blog?tag=t${i}`, scraper)
    clock.advance(2 * 3_600_000)
    await load(s, '/', scraper)
    const after = await summaryOf(s)
    expect(after.totals.views - before.totals.views).toBe(30)
    expect(after.totals.visitors - before.totals.visitors).toBe(1)
    expect(after.panels.bot).toContainEqual({ value: 'Too fast', views: 11, visitors: 0 })
  })

  test('feed fetches are their own figure, whoever fetches them', async () => {
    await s.request('GET', '/feed.xml', { headers: { 'user-agent': 'Feedly/1.0 (+http://www.feedly.com/fetcher.html)' } })
    await s.request('GET', '/feed.json', { headers: browser() })
    await s.request('GET', '/feed.xml', { headers: browser() })
    const body = await summaryOf(s)
    expect(body.events.feeds).toBe(3)
    expect(body.panels.feed).toEqual([
      { value: '/feed.xml', views: 2, visitors: 0 },
      { value: '/feed.json', views: 1, visitors: 0 },
    ])
  })

  test('404 pages by path, not as views', async () => {
    const before = await summaryOf(s)
    await load(s, '/no-such-page', browser())
    await load(s, '/no-such-page?x=1', browser())
    await load(s, '/blog/missing-post', browser())
    const after = await summaryOf(s)
    expect(after.totals.views).toBe(before.totals.views)
    expect(after.events.notFound).toBe(3)
    expect(after.panels.notFound).toContainEqual({ value: '/no-such-page', views: 2, visitors: 0 })
  })
})

describe('ANALYTICS=off', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ env: { ...ENV, ANALYTICS: 'off' } })
  })
  afterAll(() => s.close())

  test('counts nothing at all, says so, and tells the pages not to send beacons', async () => {
    const page = await load(s, '/', browser())
    expect(page.text).toContain('"pageViews":"off"')
    await s.request('POST', '/api/analytics/pv', { body: { path: '/' }, headers: browser() })
    await load(s, '/', browser({ ua: USER_AGENTS.googlebot }))
    await s.request('GET', '/feed.xml', { headers: browser() })
    const body = await summaryOf(s)
    expect(body.enabled).toBe(false)
    expect(body.totals.views).toBe(0)
    expect(body.events).toEqual({ bots: 0, notFound: 0, feeds: 0, goals: 0 })
    expect(s.conn.sqlite.query('SELECT count(*) AS n FROM analytics_salts').get()).toEqual({ n: 0 })
  })
})
