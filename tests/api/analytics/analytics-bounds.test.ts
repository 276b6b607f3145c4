// Anonymous traffic cannot grow the analytics tables without limit (issue 17): a page is counted
// under the query its route declares, one address has a speed limit whatever user agent it sends,
// values past the day's cap per dimension fold into one row, and capability tokens are never stored.
import { afterAll, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { NONE_VALUE, OTHER_VALUE as OTHER } from '#src/contract/analytics'
import { ADDRESS_RATE } from '#src/features/analytics/bots'
import { DAILY_ROWS_MAX, DAILY_VALUES_MAX as CAP } from '#src/features/analytics/daily-values'
import { MAX_VISITORS_PER_ADDRESS as ADDRESS_VISITORS, VISITORS_PER_ADDRESS_REASON } from '#src/features/analytics/visits'
import { manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { browser, pageLoad } from '#tests/support/data/visitors'

// Thousands of requests per test: on a loaded 2-core CI machine 20 s was seen to be too short.
setDefaultTimeout(90_000)

const ADDRESS_MAX = ADDRESS_RATE.max
const ENV = { TRUST_PROXY: '1' }
const DAY = '2026-06-01'
const clock = manualClock(new Date(`${DAY}T09:00:00.000Z`))

const servers: TestServer[] = []
afterAll(async () => {
  for (const s of servers) await s.close()
})
async function server(options: { dataDir?: string; keepData?: boolean } = {}) {
  const s = await startTestServer({ clock, env: ENV, ...options })
  servers.push(s)
  return s
}

const load = (s: TestServer, path: string, headers: Record<string, string>) => s.request('GET', path, { headers: { ...pageLoad(), ...headers } })
const beacon = (s: TestServer, path: string, headers: Record<string, string>) => s.request('POST', '/api/analytics/pv', { body: { path }, headers })
/** `n` requests, 40 at a time: fast, and still one client's worth of concurrency. */
async function times(n: number, send: (i: number) => Promise<unknown>) {
  for (let i = 0; i < n; i += 40) await Promise.all(Array.from({ length: Math.min(40, n - i) }, (_, j) => send(i + j)))
}
/** Reading the summary writes what the collector holds. */
async function summaryOf(s: TestServer, query = '') {
  const res = await s.get(`/api/admin/analytics/summary?from=${DAY}&to=${DAY}${query}`, { cookie: await s.login() })
  expect(res.status).toBe(200)
  return res.body
}
type DailyRow = { value: string; hits: number; visitors: number }
const daily = (s: TestServer, dim: string) => s.conn.sqlite.query('SELECT value, hits, visitors FROM analytics_daily WHERE day = ? AND dim = ? ORDER BY value').all(DAY, dim) as DailyRow[]
const botHits = (s: TestServer, reason: string) => daily(s, 'bot').find((r) => r.value === reason)?.hits ?? 0

describe('distinct values per dimension and day', () => {
  let dataDir = ''

  test('2,000 unique 404 paths from one client: at most the cap of rows, the rest in one (other) row', async () => {
    // The production caps, as SECURITY.md quotes them.
    expect([CAP, OTHER, ADDRESS_MAX, ADDRESS_RATE.reason, ADDRESS_VISITORS]).toEqual([1000, '(other)', 120, 'Too fast (address)', 250])
    expect(OTHER).not.toBe(NONE_VALUE)
    const s = await server({ keepData: true })
    dataDir = s.dataDir
    const client = browser({ ip: '203.0.113.5' })
    await times(2000, (i) => load(s, `/missing/${i}`, client))
    await summaryOf(s)
    const rows = daily(s, 'notFound')
    expect(rows.length).toBeLessThanOrEqual(CAP + 1)
    expect(rows.find((r) => r.value === OTHER)?.hits).toBe(2000 - CAP)
    expect(rows.reduce((n, r) => n + r.hits, 0)).toBe(2000)
  })

  test('the cap survives a restart: the day’s values are read back, new ones still fold', async () => {
    await servers.shift()!.close()
    const s = await server({ dataDir })
    clock.advance(60_000)
    const client = browser({ ip: '203.0.113.6' })
    await times(20, (i) => load(s, `/after-restart/${i}`, client))
    await summaryOf(s)
    const rows = daily(s, 'notFound')
    expect(rows.length).toBeLessThanOrEqual(CAP + 1)
    expect(rows.some((r) => r.value.startsWith('/after-restart/'))).toBe(false)
    expect(rows.find((r) => r.value === OTHER)?.hits).toBe(2000 - CAP + 20)
    const dayRows = s.conn.sqlite.query('SELECT count(*) AS n FROM analytics_daily WHERE day = ?').get(DAY) as { n: number }
    expect(dayRows.n).toBeLessThanOrEqual(DAILY_ROWS_MAX)
    expect(DAILY_ROWS_MAX).toBe(13_027)
  })
})

describe('a folded view', () => {
  test('is (other) in its hits row too, so the day sums and the hits agree, and (other) filters to exactly those views', async () => {
    const s = await server()
    // A declared parameter with a new value each time: each view a path of its own.
    await times(CAP + 50, (i) => beacon(s, `/blog?tag=t${i}`, browser()))
    const body = await summaryOf(s)
    const paths = daily(s, 'path')
    expect(paths.length).toBeLessThanOrEqual(CAP + 1)
    expect(paths.find((r) => r.value === OTHER)).toEqual({ value: OTHER, hits: 50, visitors: 50 })
    const hitRows = s.conn.sqlite.query("SELECT count(*) AS n FROM analytics_hits WHERE day = ? AND kind = 'view' AND path = ?").get(DAY, OTHER) as { n: number }
    expect(hitRows.n).toBe(50)
    // The entry page of each of those visits was the same path: folded alike.
    expect(daily(s, 'entry').find((r) => r.value === OTHER)?.hits).toBe(50)
    expect(body.totals.views).toBe(CAP + 50)
    const other = await summaryOf(s, `&path=${encodeURIComponent(OTHER)}`)
    expect(other.totals).toEqual({ views: 50, uniquePaths: 1, visitors: 50 })
    // '(other)' is not '(none)': the none filter still selects the empty value only.
    const none = await summaryOf(s, `&referrer=${encodeURIComponent(NONE_VALUE)}`)
    expect(none.totals.views).toBe(CAP + 50)
  })
})

describe('queries', () => {
  test('2,000 views with junk queries are stored under the path and its declared query only', async () => {
    const s = await server()
    await times(1000, (i) => load(s, `/blog?tag=x&junk=${i}&utm_source=y`, browser()))
    await times(500, (i) => beacon(s, `/projects?zz${i}=1&search=gpu&tag=fpga`, browser()))
    await times(500, (i) => beacon(s, `/blog/some-post?junk=${i}`, browser()))
    await times(10, (i) => beacon(s, `/no-such-route?junk=${i}`, browser()))
    await summaryOf(s)
    const paths = (s.conn.sqlite.query('SELECT DISTINCT path FROM analytics_hits WHERE day = ? ORDER BY path').all(DAY) as { path: string }[]).map((r) => r.path)
    expect(paths).toEqual(['/blog/some-post', '/blog?tag=x', '/no-such-route', '/projects?search=gpu&tag=fpga'])
    const stored = JSON.stringify([s.conn.sqlite.query('SELECT * FROM analytics_daily').all(), s.conn.sqlite.query('SELECT * FROM analytics_hits').all()])
    expect(stored).not.toMatch(/junk|zz\d/)
    // The campaign is read before the parameters go.
    expect(daily(s, 'utmSource').find((r) => r.value === 'y')?.hits).toBe(1000)
  })
})

describe('one address', () => {
  test('cycling 500 user agents quickly: counted up to the address’s cap, the rest are bots too fast for their address', async () => {
    const s = await server()
    const ip = '203.0.113.77'
    const chrome = (n: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${n}.0.0.0 Safari/537.36`
    await times(500, (i) => load(s, '/', browser({ ip, ua: chrome(i + 1) })))
    // A goal from that address inside the same minute is paced with its views.
    await s.request('GET', '/media/fpga-scope.mp4', { headers: browser({ ip, ua: chrome(600) }) })
    let body = await summaryOf(s)
    expect(body.totals.views).toBe(ADDRESS_MAX)
    expect(botHits(s, ADDRESS_RATE.reason)).toBe(500 - ADDRESS_MAX + 1)
    expect(body.panels.goal).toEqual([])
    // A pace, not a ban: a minute later a person at that address (a shared office) counts again.
    clock.advance(61_000)
    await load(s, '/blog', browser({ ip, ua: chrome(1) }))
    body = await summaryOf(s)
    expect(body.totals.views).toBe(ADDRESS_MAX + 1)
  })

  test('makes at most a bounded number of visitors a day, however slowly it changes user agent', async () => {
    const s = await server()
    const ip = '203.0.113.78'
    const firefox = (n: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:${n}.0) Gecko/20100101 Firefox/${n}.0`
    for (let i = 0; i < ADDRESS_VISITORS + 20; i++) {
      await load(s, '/', browser({ ip, ua: firefox(i + 1) }))
      clock.advance(1_000)
    }
    const body = await summaryOf(s)
    expect(body.totals.visitors).toBe(ADDRESS_VISITORS)
    expect(botHits(s, VISITORS_PER_ADDRESS_REASON)).toBe(20)
  })
})

describe('capabilities', () => {
  test('a resume or preview token reaches no analytics row, whichever way it arrives', async () => {
    const s = await server()
    const token = 'Zq8vN3kPr2xW7mT4bY9cL1dF6gH0jK5sA8eU3iO2pQ7'
    const preview = `post.1.1893456000000.${token}`
    for (const path of [`/resume/${token}/x`, `//resume/${token}`, `/RESUME/${token}/x`, `/preview/${preview}/x`, `/resume/${token}`, `/resume/${token}?next=${token}`]) {
      await load(s, path, browser())
    }
    for (const path of [`/resume/${token}`, `/preview/${preview}`, `/preview/${preview}?x=${token}`]) await beacon(s, path, browser())
    const body = await summaryOf(s)
    expect(body.events.notFound + body.totals.views).toBeGreaterThan(4)
    const stored = JSON.stringify([s.conn.sqlite.query('SELECT * FROM analytics_daily').all(), s.conn.sqlite.query('SELECT * FROM analytics_hits').all()])
    expect(stored).not.toContain(token)
    expect(stored).toContain('/resume/…')
    expect(stored).toContain('/preview/…')
  })
})
