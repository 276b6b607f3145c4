// An over-limit body gets its 413 while the client is still writing, not a broken pipe: the
// server reads and drops the rest (within a bound) before it answers and closes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { BODY_LIMITS } from '#src/plugins/body'
import { ROUTE_BODY_LIMITS } from '#tests/support/data/route-policies'
import { DRAIN_BYTES } from '#src/plugins/body-drain'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const MiB = 1024 * 1024

type Outcome = { status: number | null; body: unknown; written: number; error: string | null }

/**
 * Speaks HTTP/1.1 by hand, writing the body in 64 KiB pieces a millisecond apart as a client on a
 * real network would (on loopback a fast writer fits the whole body in the socket buffers).
 */
function send(s: TestServer, head: string, pieces: Buffer[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(s.url).port), '127.0.0.1')
    let text = ''
    let written = 0
    let error: string | null = null
    socket.on('data', (d) => (text += d.toString('latin1')))
    socket.on('error', (e) => (error = (e as NodeJS.ErrnoException).code ?? String(e)))
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)
      const json = text.slice(text.indexOf('\r\n\r\n') + 4)
      let body: unknown = null
      try {
        body = JSON.parse(json)
      } catch {
        // not JSON: left null
      }
      resolve({ status: status ? Number(status[1]) : null, body, written, error })
    })
    socket.on('connect', async () => {
      socket.write(head)
      for (const piece of pieces) {
        for (let i = 0; i < piece.length; i += 64 * 1024) {
          if (socket.destroyed || error) return
          const part = piece.subarray(i, i + 64 * 1024)
          if (!socket.write(part)) await new Promise((r) => socket.once('drain', r))
          written += part.length
          await Bun.sleep(1)
        }
      }
    })
  })
}

const request = (path: string, framing: string, type = 'application/json', extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\n${framing}\r\n${extra}Connection: close\r\n\r\n`

const withLength = (path: string, size: number, type?: string, extra?: string) => send(s, request(path, `Content-Length: ${size}`, type, extra), [Buffer.alloc(size, 'x')])

function chunked(path: string, size: number) {
  const pieces: Buffer[] = []
  for (let left = size; left > 0; left -= 32 * 1024) {
    const n = Math.min(left, 32 * 1024)
    pieces.push(Buffer.from(`${n.toString(16)}\r\n${'x'.repeat(n)}\r\n`))
  }
  pieces.push(Buffer.from('0\r\n\r\n'))
  return send(s, request(path, 'Transfer-Encoding: chunked'), pieces)
}

const tooLarge = (limit: number) => ({ ok: false, error: `Request body is too large (limit ${limit} bytes).` })

let s: TestServer
beforeAll(async () => {
  s = await startTestServer()
})
afterAll(() => s.close())

describe('a body over its route limit, within the bound', () => {
  test('2 MiB with Content-Length to a 32 KiB route: the whole body goes out, then the 413 in the error shape', async () => {
    expect(await withLength('/api/contact', 2 * MiB)).toEqual({ status: 413, body: tooLarge(BODY_LIMITS.public), written: 2 * MiB, error: null })
  })

  test('2 MiB chunked to a 1 KiB route: likewise', async () => {
    const limit = ROUTE_BODY_LIMITS['/api/analytics/ping']!
    const outcome = await chunked('/api/analytics/ping?goal=outbound', 2 * MiB)
    expect({ ...outcome, written: outcome.written >= 2 * MiB }).toEqual({ status: 413, body: tooLarge(limit), written: true, error: null })
  })

  test('an upload signed out, or of the wrong type, is refused the same way', async () => {
    expect(await withLength('/api/admin/uploads', 2 * MiB, 'image/png')).toEqual({ status: 401, body: { ok: false, error: 'Not signed in.' }, written: 2 * MiB, error: null })
    const cookie = `cookie: ${await s.login()}\r\n`
    const wrongType = await withLength('/api/admin/uploads', 2 * MiB, 'text/html', cookie)
    expect({ ...wrongType, body: null }).toEqual({ status: 415, body: null, written: 2 * MiB, error: null })
  })
})

test('a body far past the bound is cut off rather than read to its end, declared or streamed', async () => {
  const size = BODY_LIMITS.public + DRAIN_BYTES + 4 * MiB
  expect((await withLength('/api/contact', size)).written).toBeLessThan(size)
  expect((await chunked('/api/contact', size)).written).toBeLessThan(size)
})
