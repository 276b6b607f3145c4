import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { drainDemo } from '#src/features/demo/runtime'
import { demoCounts, eventually, openEvents } from '#tests/support/data/demo'
import { startTestServer, type TestServer } from '#tests/support/server/server'

/** The status line and headers of a response exactly as they came over the wire (fetch may rewrite them). */
function rawHead(server: TestServer, path: string, headers: Record<string, string>): Promise<{ status: string; headers: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1')
    let received = ''
    socket.setEncoding('latin1')
    socket.on('error', reject)
    socket.on('connect', () => {
      const lines = Object.entries({ host: `127.0.0.1:${server.port}`, ...headers }).map(([k, v]) => `${k}: ${v}`)
      socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`)
    })
    socket.on('data', (chunk: string) => {
      received += chunk
      const end = received.indexOf('\r\n\r\n')
      if (end < 0) return
      socket.destroy()
      const [status, ...rest] = received.slice(0, end).split('\r\n')
      resolve({ status: status!, headers: new Map(rest.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])) })
    })
  })
}

describe('the event stream response', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer()
  })
  afterAll(() => s.close())

  test('is an uncompressed, uncached text/event-stream that proxies must not buffer', async () => {
    const head = await rawHead(s, '/api/demo/events', { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(head.status).toBe('HTTP/1.1 200 OK')
    expect(head.headers.get('content-type')).toMatch(/^text\/event-stream(;|$)/)
    expect(head.headers.get('cache-control')).toBe('no-cache')
    expect(head.headers.get('x-accel-buffering')).toBe('no')
    expect(head.headers.has('content-encoding')).toBe(false)
    expect(head.headers.has('content-length')).toBe(false)
    expect(await eventually(() => demoCounts(s).streams === 0)).toBe(true)
  })
})

describe('a client that goes away', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer()
  })
  afterAll(() => s.close())

  test('frees its connection slot (a sixth stream is then accepted), its keep-alive timer and its bus listener', async () => {
    const open = await Promise.all(Array.from({ length: 5 }, () => openEvents(s)))
    try {
      for (const events of open) expect((await events.next()).event).toBe('ready')
      expect(demoCounts(s)).toMatchObject({ streams: 5, streamIps: 1, listeners: 5, timers: 5 })
      const refused = await s.get('/api/demo/events')
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('1')
      expect(refused.body).toEqual({ ok: false, error: 'Too many open event streams from this address.' })
      open.shift()!.close()
      expect(await eventually(() => demoCounts(s).streams === 4)).toBe(true)
      expect(demoCounts(s)).toMatchObject({ listeners: 4, timers: 4 })
      const sixth = await openEvents(s)
      open.push(sixth)
      expect(sixth.res.status).toBe(200)
      expect((await sixth.next()).event).toBe('ready')
    } finally {
      for (const events of open) events.close()
    }
    expect(await eventually(() => demoCounts(s).streams === 0)).toBe(true)
    expect(demoCounts(s)).toMatchObject({ streamIps: 0, listeners: 0, timers: 0 })
  })
})

describe('stopping the server', () => {
  test('stopping the server ends open streams cleanly and stops every stream and transaction timer', async () => {
    const s = await startTestServer()
    const events = await Promise.all([openEvents(s), openEvents(s)])
    for (const e of events) await e.next()
    await s.request('POST', '/api/tx')
    expect(demoCounts(s)).toMatchObject({ streams: 2, timers: 3 })
    const started = Date.now()
    await s.close()
    // The server's stop() drains the demo before Bun drops the sockets: the reader sees the end.
    for (const e of events) expect(await e.ended(1_000)).toBe('done')
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(demoCounts(s)).toEqual(expect.objectContaining({ streams: 0, streamIps: 0, listeners: 0, timers: 0 }))
  })

  test('ends open streams cleanly (the reader sees done) when the demo is drained first', async () => {
    const s = await startTestServer()
    const events = await Promise.all(Array.from({ length: 3 }, () => openEvents(s)))
    for (const e of events) await e.next()
    await s.request('POST', '/api/tx')
    const started = Date.now()
    await drainDemo(s.conn)
    await s.close()
    for (const e of events) expect(await e.ended(1_000)).toBe('done')
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(demoCounts(s)).toMatchObject({ streams: 0, listeners: 0, timers: 0 })
  })
})
