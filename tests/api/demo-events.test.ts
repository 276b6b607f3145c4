import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { manualClock } from '../../src/lib/clock'
import { toChecksumAddress } from '../../src/features/demo/wallet'
import { bearer, demoLogin, sleep, wallet } from '../support/demo'
import { startTestServer, type TestServer } from '../support/server'

const clock = manualClock()
let s: TestServer

beforeAll(async () => {
  s = await startTestServer({ clock })
})
afterAll(() => s.close())


type SseEvent = { id: string; event: string; data: unknown; retry?: string }

/** Reads an event stream with fetch; `next()` returns the next event, or a `: ping` comment as event ':ping'. */
async function openEvents(server: TestServer, headers: Record<string, string> = {}) {
  const abort = new AbortController()
  const res = await fetch(`${server.url}/api/demo/events`, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal })
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  let reading: ReturnType<typeof reader.read> | null = null
  const stream = {
    res,
    async next(timeoutMs = 4_000): Promise<SseEvent> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const cut = buffer.indexOf('\n\n')
        if (cut >= 0) {
          const lines = buffer.slice(0, cut).split('\n')
          buffer = buffer.slice(cut + 2)
          if (lines.includes(': ping')) return { id: '', event: ':ping', data: null }
          const fields = Object.fromEntries(lines.filter((l) => !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]))
          if (fields.event) return { id: fields.id ?? '', event: fields.event, data: JSON.parse(fields.data ?? 'null'), retry: fields.retry }
          continue
        }
        reading ??= reader.read()
        const chunk = await Promise.race([reading, sleep(Math.max(0, deadline - Date.now())).then(() => 'timeout' as const)])
        if (chunk === 'timeout') throw new Error(`no event within ${timeoutMs} ms`)
        reading = null
        if (chunk.done) throw new Error('the stream ended')
        buffer += decoder.decode(chunk.value, { stream: true })
      }
    },
    async until(event: string, match: (data: any) => boolean = () => true, timeoutMs = 4_000): Promise<SseEvent> { // eslint-disable-line @typescript-eslint/no-explicit-any -- event payloads are asserted field by field
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const e = await stream.next(deadline - Date.now())
        if (e.event === event && match(e.data)) return e
      }
    },
    close() {
      abort.abort()
    },
  }
  return stream
}

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

  test('replays the events missed since Last-Event-ID', async () => {
    const first = await openEvents(s)
    const ready = await first.next()
    first.close()
    const ids = [(await s.request('POST', '/api/tx')).body.id, (await s.request('POST', '/api/tx')).body.id]
    const again = await openEvents(s, { 'last-event-id': ready.id })
    try {
      const replay = await again.next()
      expect(replay.event).toBe('ready')
      expect((replay.data as { replayed: number }).replayed).toBeGreaterThanOrEqual(2)
      for (const id of ids) expect(Number((await again.until('tx.created', (d) => d.id === id, 500)).id)).toBeGreaterThan(Number(ready.id))
    } finally {
      again.close()
    }
  })

  test('keeps an idle stream alive with a ping comment every 5 s', async () => {
    const events = await openEvents(s)
    try {
      const ready = await events.next()
      const started = Date.now()
      await events.until(':ping', () => true, 6_000)
      expect(Date.now() - started).toBeGreaterThan(4_000)
      expect(ready.event).toBe('ready')
    } finally {
      events.close()
    }
  }, 8_000)
})

describe('the per-IP event stream cap', () => {
  let capped: TestServer
  beforeAll(async () => {
    capped = await startTestServer()
  })
  afterAll(() => capped.close())

  test('refuses a sixth stream from one address with 429 until one closes', async () => {
    const open = await Promise.all(Array.from({ length: 5 }, () => openEvents(capped)))
    try {
      for (const events of open) expect((await events.next()).event).toBe('ready')
      const refused = await capped.get('/api/demo/events')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('1')
      expect(refused.body.ok).toBe(false)
      open.shift()!.close()
      let status = 429
      for (let i = 0; i < 40 && status === 429; i++) {
        await sleep(50)
        const retry = await openEvents(capped)
        status = retry.res.status
        if (status === 200) open.push(retry)
        else await retry.res.body?.cancel()
      }
      expect(status).toBe(200)
    } finally {
      for (const events of open) events.close()
    }
  })
})
