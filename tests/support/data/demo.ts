// Demo helpers: a throwaway secp256k1 wallet that signs like personal_sign, a demo login, an SSE reader.
import { expect } from 'bun:test'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { demoRuntimeOf, type DemoCounts } from '#src/features/demo/runtime'
import { addressOfPublicKey, personalMessageHash } from '#src/features/demo/wallet'
import type { TestServer } from '#tests/support/server/server'

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function wallet() {
  const secretKey = secp256k1.keygen().secretKey
  const address = addressOfPublicKey(secp256k1.getPublicKey(secretKey, false))
  const sign = (message: string) => {
    const sig = secp256k1.sign(personalMessageHash(message), secretKey, { prehash: false, format: 'recovered' })
    return `0x${bytesToHex(sig.subarray(1))}${(sig[0]! + 27).toString(16)}`
  }
  return { address, sign }
}

export async function demoLogin(server: TestServer): Promise<{ token: string; nonce: string }> {
  const res = await server.request('POST', '/api/demo/login')
  expect(res.status).toBe(200)
  return res.body
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

/** The demo's memory and timer counters of a running test server. */
export function demoCounts(server: TestServer): DemoCounts {
  const demo = demoRuntimeOf(server.conn)
  if (!demo) throw new Error('this server has no demo runtime')
  return demo.counts()
}

/** Polls until `check` holds (server-side cleanup follows a client's abort by a few milliseconds). */
export async function eventually(check: () => boolean, timeoutMs = 2_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) return false
    await sleep(20)
  }
  return true
}

export type SseEvent = { id: string; event: string; data: unknown; retry?: string }

/** Reads an event stream with fetch; `next()` returns the next event, or a `: ping` comment as event ':ping'. */
export async function openEvents(server: TestServer, options: { headers?: Record<string, string>; query?: string } = {}) {
  const abort = new AbortController()
  const url = `${server.url}/api/demo/events${options.query ? `?${options.query}` : ''}`
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...options.headers }, signal: abort.signal })
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
    /** 'done' when the stream ends cleanly, 'error' when it breaks, 'open' if it still runs after `timeoutMs`. */
    async ended(timeoutMs: number): Promise<'done' | 'error' | 'open'> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        reading ??= reader.read()
        const timeout = sleep(Math.max(0, deadline - Date.now())).then(() => 'timeout' as const)
        const chunk = await Promise.race([reading.catch(() => 'error' as const), timeout])
        if (chunk === 'timeout') return 'open'
        if (chunk === 'error') return 'error'
        reading = null
        if (chunk.done) return 'done'
      }
    },
    close() {
      abort.abort()
    },
  }
  return stream
}
