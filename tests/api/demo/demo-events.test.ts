import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { manualClock } from '#src/lib/clock'
import { toChecksumAddress } from '#src/features/demo/wallet'
import { bearer, demoLogin, openEvents, wallet } from '#tests/support/data/demo'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const clock = manualClock()
type Seen = { ready: string; createdA: string; a: string; b: string }
type Reconnect = { since: string; headers?: Record<string, string>; query?: string }
let s: TestServer

beforeAll(async () => {
  s = await startTestServer({ clock })
})
afterAll(() => s.close())

describe('GET /api/demo/events', () => {
  test('opens with a retry hint and a ready event, then pushes tx.created and tx.confirmed', async () => {
    const events = await openEvents(s)
    try {
      expect(events.res.status).toBe(200)
      expect(events.res.headers.get('content-type')).toStartWith('text/event-stream')
      expect(events.res.headers.get('cache-control')).toBe('no-cache')
      expect(events.res.headers.get('x-accel-buffering')).toBe('no')
      const ready = await events.next()
      expect(ready).toMatchObject({ event: 'ready', retry: '1000', data: { replayed: 0 } })
      const { id } = (await s.request('POST', '/api/tx')).body
      const created = await events.until('tx.created', (d) => d.id === id)
      expect(Number(created.id)).toBeGreaterThan(Number(ready.id))
      const confirmed = await events.until('tx.confirmed', (d) => d.id === id)
      expect(Number(confirmed.id)).toBeGreaterThan(Number(created.id))
    } finally {
      events.close()
    }
  })

  test('pushes token cache, demo login and wallet link events', async () => {
    const events = await openEvents(s)
    try {
      await events.next()
      clock.advance(31_000)
      const fresh = (await s.get('/api/tokens')).body
      await s.get('/api/tokens')
      expect((await events.until('tokens.cache_miss')).data).toEqual({ updatedAt: fresh.updatedAt })
      expect((await events.until('tokens.cache_hit')).data).toEqual({ updatedAt: fresh.updatedAt })
      const { token, nonce } = await demoLogin(s)
      const issued = await events.until('demo.login.issued')
      expect(JSON.stringify(issued.data)).not.toContain(nonce)
      const w = wallet()
      await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: { address: w.address, signature: w.sign(nonce) } })
      expect((await events.until('demo.wallet.linked')).data).toEqual({ address: toChecksumAddress(w.address) })
    } finally {
      events.close()
    }
  })
})

describe('replay after a reconnect', () => {
  /** Sees two transactions go by on a stream, then drops it: the ids a reconnecting client knows. */
  async function seeTwoTransactionsThenDrop() {
    const stream = await openEvents(s)
    try {
      const ready = await stream.next()
      const a = (await s.request('POST', '/api/tx')).body.id
      const createdA = await stream.until('tx.created', (d) => d.id === a)
      const b = (await s.request('POST', '/api/tx')).body.id
      await stream.until('tx.created', (d) => d.id === b)
      return { ready: ready.id, createdA: createdA.id, a, b }
    } finally {
      stream.close()
    }
  }

  test.each([
    ['the Last-Event-ID header', (seen: Seen): Reconnect => ({ since: seen.ready, headers: { 'last-event-id': seen.ready } }), 'a'],
    ['the lastEventId query parameter', (seen: Seen): Reconnect => ({ since: seen.ready, query: `lastEventId=${seen.ready}` }), 'a'],
    [
      'the header when the query parameter is older',
      (seen: Seen): Reconnect => ({ since: seen.createdA, headers: { 'last-event-id': seen.createdA }, query: `lastEventId=${seen.ready}` }),
      'b',
    ],
    [
      'the query parameter when the header is empty',
      (seen: Seen): Reconnect => ({ since: seen.createdA, headers: { 'last-event-id': '' }, query: `lastEventId=${seen.createdA}` }),
      'b',
    ],
  ] as const)('replays the events missed since the id in %s', async (_case, reconnect, firstMissed) => {
    const seen = await seeTwoTransactionsThenDrop()
    const options = reconnect(seen)
    const since = Number(options.since)
    const again = await openEvents(s, options)
    try {
      const ready = await again.next()
      expect(ready.event).toBe('ready')
      // ready carries the resume point, so a drop before the replay loses nothing.
      expect(Number(ready.id)).toBe(since)
      const { replayed: count } = ready.data as { replayed: number }
      expect(count).toBeGreaterThan(0)
      const replayed = []
      for (let i = 0; i < count; i++) replayed.push(await again.next(500))
      expect(replayed.map((e) => Number(e.id))).toEqual(replayed.map((_, k) => since + 1 + k))
      expect(replayed.find((e) => e.event === 'tx.created')?.data).toEqual({ id: seen[firstMissed] })
    } finally {
      again.close()
    }
  })

  test.each([
    ['no id at all', {}],
    ['a lastEventId that is not a number', { query: 'lastEventId=abc' }],
    ['a Last-Event-ID that is negative', { headers: { 'last-event-id': '-1' } }],
  ])('replays nothing for %s', async (_case, reconnect) => {
    await seeTwoTransactionsThenDrop()
    const again = await openEvents(s, reconnect)
    try {
      expect((await again.next()).data).toEqual({ replayed: 0 })
    } finally {
      again.close()
    }
  })

  test('replays only the last 200 events, however far back the client asks', async () => {
    for (let i = 0; i < 250; i++) await s.get('/api/tokens')
    const again = await openEvents(s, { query: 'lastEventId=0' })
    try {
      const ready = await again.next()
      expect(ready.data).toEqual({ replayed: 200 })
      const first = Number((await again.next(500)).id)
      expect(first).toBeGreaterThanOrEqual(51)
      expect(Number(ready.id)).toBe(first - 1)
    } finally {
      again.close()
    }
  })
})
