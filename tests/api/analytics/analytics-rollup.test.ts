// Retention: raw hits older than ANALYTICS_RAW_DAYS are rolled up into one row per distinct set
// of values; every figure, panel and filtered answer stays exactly the same, the hashes go.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { DAY, manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { browser, pageLoad, USER_AGENTS } from '#tests/support/data/visitors'

const clock = manualClock(new Date('2026-06-01T09:00:00.000Z'))
let s: TestServer
const UAS = Object.values(USER_AGENTS).slice(0, 4)
const PAGES = ['/', '/blog', '/projects', '/skills', '/contact']
const SOURCES = ['', 'https://news.ycombinator.com/', 'https://www.google.com/search?q=folio', 'https://lobste.rs/']

/** Three days of visits: visitor i on day d sees a few pages, from a source, on a browser. */
async function play() {
  for (let d = 0; d < 3; d++) {
    clock.set(new Date(Date.parse('2026-06-01T08:00:00.000Z') + d * DAY))
    for (let i = 0; i < 8; i++) {
      const headers = browser({ ua: UAS[(i + d) % UAS.length], ip: `203.0.113.${i + 1}` })
      const referer = SOURCES[(i * 3 + d) % SOURCES.length]!
      for (let p = 0; p <= (i + d) % 3; p++) {
        const page = PAGES[(i + p * 2 + d) % PAGES.length]! + (p === 0 && i % 4 === 0 ? '?utm_source=mail&utm_campaign=june' : '')
        await s.request('GET', page, { headers: { ...pageLoad(), ...headers, ...(p === 0 && referer ? { referer } : {}) } })
        clock.advance(20_000)
      }
      if (i % 3 === 0) await s.request('POST', '/api/analytics/ping?goal=outbound', { raw: 'PING', headers: { ...headers, 'content-type': 'text/ping', 'ping-to': 'https://github.com/' } })
    }
  }
}

const RANGE = 'from=2026-06-01&to=2026-06-03'
const QUERIES = [RANGE, 'from=2026-06-01&to=2026-06-01', ...['referrer=news.ycombinator.com', 'browser=Firefox&referrer=(none)', 'path=/blog', 'entry=/', 'utmCampaign=june'].map((f) => `${RANGE}&${f}`)]

async function answers() {
  const cookie = await s.login()
  const out: Record<string, unknown> = {}
  for (const q of QUERIES) {
    const res = await s.get(`/api/admin/analytics/summary?${q}`, { cookie })
    expect(res.status).toBe(200)
    out[q] = res.body
  }
  return out
}
const rawRows = () => (s.conn.sqlite.query("SELECT count(*) AS n FROM analytics_hits WHERE visitor IS NOT NULL AND day = '2026-06-01'").get() as { n: number }).n

beforeAll(async () => {
  s = await startTestServer({ clock, env: { TRUST_PROXY: '1', SEED: 'demo', ANALYTICS_RAW_DAYS: '2' } })
  await play()
})
afterAll(() => s.close())

describe('roll-up', () => {
  test('keeps every total exact, filtered or not, and drops the hashes of rolled days', async () => {
    const before = await answers()
    expect((before[RANGE] as { totals: { views: number } }).totals.views).toBeGreaterThan(20)
    const rawBefore = rawRows()
    expect(rawBefore).toBeGreaterThan(0)
    // Day three is today; two days later, the first day is past ANALYTICS_RAW_DAYS.
    clock.set(new Date('2026-06-05T10:00:00.000Z'))
    const after = await answers()
    expect(rawRows()).toBe(0)
    const firstDay = s.conn.sqlite.query("SELECT count(*) AS n, sum(hits) AS hits, count(visitor) AS hashes, count(created_at) AS times FROM analytics_hits WHERE day = '2026-06-01'").get()
    expect(firstDay).toEqual({ n: expect.any(Number), hits: rawBefore, hashes: 0, times: 0 })
    for (const q of QUERIES) expect({ q, answer: after[q] }).toEqual({ q, answer: before[q] })
    // The later days keep their raw rows until they too are old enough.
    expect((s.conn.sqlite.query("SELECT count(*) AS n FROM analytics_hits WHERE visitor IS NOT NULL AND day = '2026-06-03'").get() as { n: number }).n).toBeGreaterThan(0)
  })

  test('the day’s key is deleted once its day is over', async () => {
    const salts = s.conn.sqlite.query('SELECT day FROM analytics_salts').all() as { day: string }[]
    expect(salts).toEqual([{ day: '2026-06-05' }])
  })
})
