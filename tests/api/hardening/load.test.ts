// Load without loss: 1,000 contact messages from 50 concurrent clients (each message from its own
// address, through TRUST_PROXY) and 20,000 page-view beacons, while a visitor keeps reading
// public pages. Every accepted message is stored exactly once, the view count equals the
// beacons accepted, nothing fails with SQLITE_BUSY (or anything else), and the pages keep
// answering (their p99 is printed for SECURITY.md).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { PAGE_VIEW_GLOBAL_LIMIT } from '#src/features/analytics/routes'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { browser } from '#tests/support/data/visitors'

const MESSAGES = 1_000
const CLIENTS = 50
const BEACONS = 20_000
const BEACON_SENDERS = 32

let s: TestServer
const logged: string[] = []
beforeAll(async () => {
  s = await startTestServer({
    env: { SEED: 'demo', TRUST_PROXY: '1' },
    // The global cap on messages (30 per 10 minutes) is the point of another test; here every
    // message must reach the database.
    config: { contactGuards: { global: { max: MESSAGES * 2, windowMs: 600_000 } } },
    log: { debug() {}, info() {}, warn: (msg) => logged.push(msg), error: (msg) => logged.push(msg), raw() {} },
  })
}, 30_000)
afterAll(() => s.close())

/** A distinct documentation-range address per request, so per-IP limits never mask a loss. */
const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

test('1,000 messages and 20,000 beacons under load: nothing lost, nothing doubled, pages keep answering', async () => {
  const viewCount = async () => {
    // Reading the summary writes the hits the collector holds (it batches them a second at a time).
    expect((await s.get('/api/admin/analytics/summary', { cookie: await s.login() })).status).toBe(200)
    return Number((s.conn.sqlite.query("SELECT coalesce(sum(hits), 0) AS n FROM analytics_hits WHERE kind = 'view'").get() as { n: number }).n)
  }
  const before = await viewCount()
  let running = true
  const pageTimes: number[] = []
  const pageStatuses = new Map<number, number>()
  const reader = (async () => {
    const paths = ['/', '/projects', '/blog', '/skills', '/api/projects']
    for (let i = 0; running; i++) {
      const t0 = performance.now()
      const res = await fetch(s.url + paths[i % paths.length]!)
      await res.arrayBuffer()
      pageTimes.push(performance.now() - t0)
      pageStatuses.set(res.status, (pageStatuses.get(res.status) ?? 0) + 1)
    }
  })()

  const statuses = new Map<number, number>()
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1)
  const accepted: string[] = []
  let next = 0
  const client = async () => {
    for (let n = next++; n < MESSAGES; n = next++) {
      const marker = `load-${n}`
      const res = await fetch(`${s.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address(n) },
        body: JSON.stringify({ name: 'Load Test', email: `load${n}@example.com`, reason: 'general', message: `Message ${marker} under load, long enough.` }),
      })
      await res.arrayBuffer()
      count(res.status)
      if (res.ok) accepted.push(marker)
    }
  }
  let beaconNext = 0
  let beaconsAccepted = 0
  const beaconStatuses = new Map<number, number>()
  const sender = async () => {
    for (let n = beaconNext++; n < BEACONS; n = beaconNext++) {
      const res = await fetch(`${s.url}/api/analytics/pv`, {
        method: 'POST',
        // Each beacon from its own browser (a test client's own headers are a bot's, not counted).
        headers: { ...browser({ ip: address(100_000 + n) }), 'content-type': 'text/plain' },
        body: JSON.stringify({ path: n % 2 ? '/blog' : '/' }),
      })
      await res.arrayBuffer()
      beaconStatuses.set(res.status, (beaconStatuses.get(res.status) ?? 0) + 1)
      if (res.status === 204) beaconsAccepted++
      else expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    }
  }
  const began = performance.now()
  await Promise.all([...Array.from({ length: CLIENTS }, client), ...Array.from({ length: BEACON_SENDERS }, sender)])
  const seconds = (performance.now() - began) / 1000
  running = false
  await reader

  // Every message was accepted (no cap in the way) and is stored exactly once.
  expect(Object.fromEntries(statuses)).toEqual({ 200: MESSAGES })
  const stored = s.conn.sqlite.query("SELECT message FROM contact_messages WHERE message LIKE 'Message load-%'").all() as { message: string }[]
  const storedMarkers = stored.map((r) => /load-\d+/.exec(r.message)![0])
  expect(storedMarkers.length).toBe(accepted.length)
  expect(new Set(storedMarkers).size).toBe(storedMarkers.length)
  expect(new Set(storedMarkers)).toEqual(new Set(accepted))

  // Beacons: accepted ones all counted; the rest were refused by the global cap, never lost.
  const views = (await viewCount()) - before
  expect(views).toBe(beaconsAccepted)
  expect([...beaconStatuses.keys()].every((k) => k === 204 || k === 429)).toBe(true)
  expect(beaconsAccepted).toBeGreaterThanOrEqual(Math.min(BEACONS, PAGE_VIEW_GLOBAL_LIMIT.max))

  // No write failed inside (SQLITE_BUSY would be logged as an error and answered 500).
  expect(logged.filter((m) => /busy|locked|failed/i.test(m))).toEqual([])
  expect(Object.fromEntries(pageStatuses)).toEqual({ 200: pageTimes.length })
  const sorted = [...pageTimes].sort((a, b) => a - b)
  expect(pageTimes.length).toBeGreaterThan(50)
  const integrity = s.conn.sqlite.query('PRAGMA integrity_check').get() as Record<string, string>
  expect(Object.values(integrity)).toEqual(['ok'])
  console.log(
    `load: ${MESSAGES} messages from ${CLIENTS} clients, ${accepted.length} accepted, ${stored.length} stored; ` +
      `${BEACONS} beacons, ${beaconsAccepted} accepted (${beaconStatuses.get(429) ?? 0} refused by the global cap), ${views} counted; ` +
      `${pageTimes.length} page reads meanwhile, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms; ${seconds.toFixed(1)} s`,
  )
}, 240_000)
