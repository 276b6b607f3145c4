// The dashboard's questions: filters that combine, the previous period, exports equal to the
// panels, the read-only stats API with revocable tokens, the live figure over an event stream.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DAY, manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { browser, pageLoad, USER_AGENTS } from '#tests/support/data/visitors'

const clock = manualClock(new Date('2026-06-01T09:00:00.000Z'))
let s: TestServer
let cookie: string

type Visit = { ua: string; referer?: string; pages: string[] }
const HN = 'https://news.ycombinator.com/'
/** Yesterday two visits; today six, from two sources on three browsers. */
const YESTERDAY: Visit[] = [
  { ua: USER_AGENTS.chromeWindows, pages: ['/'] },
  { ua: USER_AGENTS.chromeWindows, pages: ['/blog'] },
]
const TODAY: Visit[] = [
  { ua: USER_AGENTS.chromeWindows, referer: HN, pages: ['/', '/blog'] },
  { ua: USER_AGENTS.firefoxLinux, referer: HN, pages: ['/blog'] },
  { ua: USER_AGENTS.safariIphone, referer: HN, pages: ['/blog', '/projects', '/'] },
  { ua: USER_AGENTS.chromeWindows, pages: ['/projects'] },
  { ua: USER_AGENTS.firefoxLinux, pages: ['/'] },
  { ua: USER_AGENTS.chromeWindows, referer: 'https://www.google.com/', pages: ['/blog'] },
]

async function play(visits: Visit[]) {
  for (const v of visits) {
    const headers = browser({ ua: v.ua })
    for (const [i, page] of v.pages.entries()) {
      await s.request('GET', page, { headers: { ...pageLoad(), ...headers, ...(i === 0 && v.referer ? { referer: v.referer } : {}) } })
      clock.advance(15_000)
    }
  }
}

beforeAll(async () => {
  s = await startTestServer({ clock, env: { TRUST_PROXY: '1', SEED: 'demo' } })
  cookie = await s.login()
  clock.set(new Date('2026-05-31T09:00:00.000Z'))
  await play(YESTERDAY)
  clock.set(new Date('2026-06-01T09:00:00.000Z'))
  await play(TODAY)
})
afterAll(() => s.close())

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await s.get(path, { cookie, headers })
  expect(res.status).toBe(200)
  return res
}
const summary = async (query: string) => (await get(`/api/admin/analytics/summary?days=1&${query}`)).body

describe('filters', () => {
  test('one filter narrows every figure and panel to the visits it selects', async () => {
    const hn = await summary('referrer=news.ycombinator.com')
    expect(hn.filters).toEqual({ referrer: 'news.ycombinator.com' })
    expect(hn.totals).toEqual({ views: 6, uniquePaths: 3, visitors: 3 })
    expect(hn.panels.browser).toEqual([
      { value: 'Safari', views: 3, visitors: 1 },
      { value: 'Chrome', views: 2, visitors: 1 },
      { value: 'Firefox', views: 1, visitors: 1 },
    ])
    expect(hn.panels.referrer).toEqual([{ value: 'news.ycombinator.com', views: 6, visitors: 3 }])
    expect(hn.chart).toEqual([{ day: '2026-06-01', views: 6, visitors: 3 }])
  })

  test('filters combine: source and browser together', async () => {
    const both = await summary('referrer=news.ycombinator.com&browser=Chrome')
    expect(both.totals).toEqual({ views: 2, uniquePaths: 2, visitors: 1 })
    expect(both.panels.path.map((r: { value: string }) => r.value).sort()).toEqual(['/', '/blog'])
    const none = await summary('referrer=news.ycombinator.com&browser=Chrome&os=iOS')
    expect(none.totals).toEqual({ views: 0, uniquePaths: 0, visitors: 0 })
  })

  test('(none) selects direct visits; a page filter counts the visitors who saw that page', async () => {
    const direct = await summary('referrer=(none)')
    expect(direct.totals).toEqual({ views: 2, uniquePaths: 2, visitors: 2 })
    const blog = await summary('path=/blog')
    expect(blog.totals).toEqual({ views: 4, uniquePaths: 1, visitors: 4 })
    expect(blog.panels.referrer).toEqual([
      { value: 'news.ycombinator.com', views: 3, visitors: 3 },
      { value: 'google.com', views: 1, visitors: 1 },
    ])
    const entry = await summary('entry=/blog')
    expect(entry.totals).toEqual({ views: 5, uniquePaths: 3, visitors: 3 })
  })

  test('without filters the day sums answer, and agree with the filtered answer of everything', async () => {
    const all = await summary('')
    expect(all.totals).toEqual({ views: 9, uniquePaths: 3, visitors: 6 })
    const everyDevice = await summary('device=desktop')
    const mobile = await summary('device=mobile')
    expect(everyDevice.totals.views + mobile.totals.views).toBe(all.totals.views)
    expect(everyDevice.totals.visitors + mobile.totals.visitors).toBe(all.totals.visitors)
  })

  test('bad filters are refused with the contract’s error shape', async () => {
    const res = await s.get(`/api/admin/analytics/summary?browser=${'x'.repeat(600)}`, { cookie })
    expect(res.status).toBe(400)
    expect(res.body.ok).toBe(false)
  })
})

describe('previous period', () => {
  test('the same number of days just before, with the change in percent', async () => {
    const body = await summary('')
    expect(body.previous).toEqual({
      from: '2026-05-31',
      to: '2026-05-31',
      totals: { views: 2, uniquePaths: 2, visitors: 2 },
      change: { views: 350, visitors: 200 },
    })
    const two = (await get('/api/admin/analytics/summary?days=2')).body
    expect(two.previous.change).toEqual({ views: null, visitors: null })
    expect(two.chart).toEqual([
      { day: '2026-05-31', views: 2, visitors: 2 },
      { day: '2026-06-01', views: 9, visitors: 6 },
    ])
  })
})

describe('exports', () => {
  test('a panel as CSV and JSON holds exactly the panel’s rows, filters included', async () => {
    const query = 'days=1&referrer=news.ycombinator.com'
    const panel = (await summary('referrer=news.ycombinator.com')).panels.browser
    const csv = await get(`/api/admin/analytics/export?panel=browser&format=csv&${query}`)
    expect(csv.headers.get('content-type')).toStartWith('text/csv')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="folio-browser-2026-06-01-2026-06-01.csv"')
    const lines = csv.text.trimEnd().split('\r\n')
    expect(lines[0]).toBe('browser,visitors,views')
    expect(lines.slice(1)).toEqual(panel.map((r: { value: string; views: number; visitors: number }) => `${r.value},${r.visitors},${r.views}`))
    const json = await get(`/api/admin/analytics/export?panel=browser&format=json&${query}`)
    expect(JSON.parse(json.text).rows).toEqual(panel)
  })

  test('every panel’s export matches it', async () => {
    const body = await summary('')
    for (const name of Object.keys(body.panels)) {
      const json = await get(`/api/admin/analytics/export?panel=${name}&format=json&days=1`)
      expect({ name, rows: JSON.parse(json.text).rows }).toEqual({ name, rows: body.panels[name] })
    }
  })

  test('the raw daily aggregates of a range, summing to the totals', async () => {
    const json = JSON.parse((await get('/api/admin/analytics/export?panel=daily&format=json&days=2')).text)
    const totals = json.rows.filter((r: { dimension: string }) => r.dimension === 'total')
    expect(totals).toEqual([
      { day: '2026-05-31', dimension: 'total', value: '', views: 2, visitors: 2 },
      { day: '2026-06-01', dimension: 'total', value: '', views: 9, visitors: 6 },
    ])
    const csv = await get('/api/admin/analytics/export?panel=daily&format=csv&days=2')
    expect(csv.text.split('\r\n')[0]).toBe('day,dimension,value,views,visitors')
    expect(csv.text.trimEnd().split('\r\n').length - 1).toBe(json.rows.length)
  })

  test('a value that would run as a spreadsheet formula is neutralised', async () => {
    await s.request('GET', '/?utm_campaign=%3DHYPERLINK(%22http://x%22)', { headers: { ...pageLoad(), ...browser() } })
    const csv = await get('/api/admin/analytics/export?panel=utmCampaign&format=csv&days=1')
    expect(csv.text).toContain(`"'=hyperlink(""http://x"")"`)
  })

  test('an unknown panel or format is a 400', async () => {
    for (const q of ['panel=cookies', 'panel=path&format=xlsx', 'format=csv']) {
      const res = await s.get(`/api/admin/analytics/export?${q}`, { cookie })
      expect(res.status).toBe(400)
    }
  })
})

describe('stats API tokens', () => {
  test('a token reads the summary and exports, nothing else; revoked, it reads nothing', async () => {
    expect((await s.get('/api/stats/summary')).status).toBe(401)
    const made = await s.request('POST', '/api/admin/analytics/tokens', { body: { name: 'Grafana' }, cookie, headers: { origin: s.url } })
    expect(made.status).toBe(201)
    expect(made.body.token).toMatch(/^fst_/)
    const auth = { authorization: `Bearer ${made.body.token}` }
    const viaToken = await s.get('/api/stats/summary?days=1', { headers: auth })
    expect(viaToken.status).toBe(200)
    expect(viaToken.body.totals).toEqual((await summary('')).totals)
    expect((await s.get('/api/stats/export?panel=path&format=csv&days=1', { headers: auth })).status).toBe(200)
    // Read-only: the token opens no admin endpoint.
    expect((await s.get('/api/admin/analytics/summary', { headers: auth })).status).toBe(401)
    const listed = (await get('/api/admin/analytics/tokens')).body.items
    expect(listed).toEqual([{ id: made.body.id, name: 'Grafana', createdAt: clock.now().toISOString(), lastUsedAt: clock.now().toISOString() }])
    expect(JSON.stringify(listed)).not.toContain(made.body.token)
    expect((await s.request('DELETE', `/api/admin/analytics/tokens/${made.body.id}`, { cookie, headers: { origin: s.url } })).status).toBe(204)
    expect((await s.get('/api/stats/summary', { headers: auth })).status).toBe(401)
    expect((await s.request('DELETE', `/api/admin/analytics/tokens/${made.body.id}`, { cookie, headers: { origin: s.url } })).status).toBe(404)
  })

  test('a nameless token is refused', async () => {
    const res = await s.request('POST', '/api/admin/analytics/tokens', { body: { name: '  ' }, cookie, headers: { origin: s.url } })
    expect(res.status).toBe(400)
    expect(res.body.details[0].message).toBe('Name the token.')
  })
})

describe('live visitors', () => {
  test('an event stream: the count on connect, then each change', async () => {
    clock.advance(DAY)
    // Sessions last 12 hours: sign in again on the new day.
    cookie = await s.login()
    const controller = new AbortController()
    const res = await fetch(`${s.url}/api/admin/analytics/live`, { headers: { cookie }, signal: controller.signal })
    expect(res.headers.get('content-type')).toBe('text/event-stream')
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let text = ''
    const nextLive = async () => {
      for (;;) {
        const match = /event: live\ndata: (.*)\n\n/.exec(text)
        if (match) {
          text = text.slice(match.index + match[0].length)
          return JSON.parse(match[1]!)
        }
        const { value, done } = await reader.read()
        if (done) throw new Error('stream ended')
        text += decoder.decode(value)
      }
    }
    expect((await nextLive()).visitors).toBe(0)
    await s.request('GET', '/', { headers: { ...pageLoad(), ...browser() } })
    await s.request('GET', '/blog', { headers: { ...pageLoad(), ...browser() } })
    const live = await nextLive()
    expect(live.visitors).toBeGreaterThanOrEqual(1)
    expect(live.at).toBe(clock.now().toISOString())
    controller.abort()
    expect((await s.get('/api/admin/analytics/live')).status).toBe(401)
  })
})
