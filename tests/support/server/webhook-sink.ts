// A local HTTP receiver standing in for the owner's webhook: it records every POST with its
// headers and JSON, and answers with the status a test sets (200 unless told otherwise).
import type { Server } from 'bun'

/** `at`: Date.now() when the call came; `answered` 0 for a call held unanswered (holdNext). */
export type WebhookCall = { method: string; headers: Headers; text: string; json: unknown; answered: number; at: number }

export type WebhookSink = {
  port: number
  url: string
  calls: WebhookCall[]
  /** Calls answered 2xx: what the sender counts as delivered. */
  delivered(): WebhookCall[]
  /** The next `n` calls are answered `status` (500 by default), then 200 again. */
  failNext(n: number, status?: number): void
  /** The next `n` calls are read and recorded, then never answered (a receiver that hangs mid-delivery). */
  holdNext(n: number): void
  close(): Promise<void>
}

/** `port` 0 picks a free one; give a port to listen where a server was told to send earlier. */
export function startWebhookSink(port = 0): WebhookSink {
  const calls: WebhookCall[] = []
  let failures = 0
  let failStatus = 500
  let holds = 0
  const held: (() => void)[] = []
  const server: Server<unknown> = Bun.serve({
    port,
    hostname: '127.0.0.1',
    async fetch(request) {
      const text = await request.text()
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        json = undefined
      }
      if (holds > 0) {
        holds--
        calls.push({ method: request.method, headers: request.headers, text, json, answered: 0, at: Date.now() })
        await new Promise<void>((resolve) => held.push(resolve))
        return new Response('too late', { status: 503 })
      }
      const answered = failures > 0 ? (failures--, failStatus) : 200
      calls.push({ method: request.method, headers: request.headers, text, json, answered, at: Date.now() })
      return new Response(answered === 200 ? 'ok' : 'try later', { status: answered })
    },
  })
  return {
    port: server.port!,
    url: `http://127.0.0.1:${server.port}/hooks/folio?secret=s3cret`,
    calls,
    delivered: () => calls.filter((c) => c.answered >= 200 && c.answered < 300),
    failNext(n, status = 500) {
      failures = n
      failStatus = status
    },
    holdNext(n) {
      holds = n
    },
    async close() {
      held.splice(0).forEach((release) => release())
      await server.stop(true)
    },
  }
}

/** Waits until `ready()` holds, checking every 20 ms; throws with `what` after `timeoutMs`. */
export async function until(ready: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!ready()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(20)
  }
}
