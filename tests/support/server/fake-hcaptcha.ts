// A local stand-in for hCaptcha's siteverify: records each call and answers by token and mode.
import type { Server } from 'bun'

export const GOOD_TOKEN = 'good-token'

/** ok: answers by token; down: 500; slow: answers after `slowMs`; garbage: 200 with a non-JSON body. */
export type FakeMode = 'ok' | 'down' | 'slow' | 'garbage'

export type VerifyCall = { contentType: string; form: Record<string, string> }

export type FakeHcaptcha = {
  url: string
  calls: VerifyCall[]
  mode: FakeMode
  slowMs: number
  /** Back to mode ok with no recorded calls. */
  reset(): void
  close(): Promise<void>
}

export function startFakeHcaptcha(): FakeHcaptcha {
  const fake = {
    calls: [] as VerifyCall[],
    mode: 'ok' as FakeMode,
    slowMs: 1000,
  }
  const server: Server<unknown> = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(request) {
      const form = Object.fromEntries(new URLSearchParams(await request.text()))
      fake.calls.push({ contentType: request.headers.get('content-type') ?? '', form })
      if (fake.mode === 'down') return new Response('upstream exploded', { status: 500 })
      if (fake.mode === 'garbage') return new Response('<html>not json</html>', { headers: { 'content-type': 'text/html' } })
      if (fake.mode === 'slow') await Bun.sleep(fake.slowMs)
      return Response.json(form.response === GOOD_TOKEN ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] })
    },
  })
  return Object.assign(fake, {
    url: `http://127.0.0.1:${server.port}/siteverify`,
    reset() {
      fake.calls.length = 0
      fake.mode = 'ok'
    },
    async close() {
      await server.stop(true)
    },
  })
}

/** A URL on a loopback port that nothing listens on (it was free a moment ago). */
export async function closedPortUrl(): Promise<string> {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const port = probe.port
  await probe.stop(true)
  return `http://127.0.0.1:${port}/siteverify`
}
