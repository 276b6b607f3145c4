// Alone in its file: it waits 30 real seconds, longer than Bun's 10 s idle timeout and common proxy ones.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { demoCounts, openEvents } from '#tests/support/data/demo'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const IDLE_MS = 30_000
let s: TestServer

beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

test('keeps a stream with no events open for 30 s with pings, and still delivers the next event on it', async () => {
  const events = await openEvents(s)
  try {
    const ready = await events.next()
    expect(ready.event).toBe('ready')
    const started = Date.now()
    const pingsAt: number[] = []
    while (Date.now() - started < IDLE_MS) {
      const e = await events.next(IDLE_MS + 6_000 - (Date.now() - started))
      // Nothing publishes on this server, so anything but a ping means the test is not idle.
      expect(e.event).toBe(':ping')
      pingsAt.push(Date.now() - started)
    }
    expect(pingsAt.length).toBeGreaterThanOrEqual(5)
    const gaps = pingsAt.map((at, i) => at - (pingsAt[i - 1] ?? 0))
    // Often enough for Bun's 10 s idle timeout, rarely enough not to chatter (one every 5 s).
    expect(Math.max(...gaps)).toBeLessThan(8_000)
    expect(Math.min(...gaps)).toBeGreaterThan(4_000)
    expect(demoCounts(s)).toMatchObject({ streams: 1, timers: 1 })

    const { id } = (await s.request('POST', '/api/tx')).body
    const created = await events.until('tx.created', (d) => d.id === id, 2_000)
    expect(Number(created.id)).toBe(Number(ready.id) + 1)
  } finally {
    events.close()
  }
}, 45_000)
