// Analytics room: the live figure as server-sent events. One `live` event on connect, then one
// whenever the figure changes (checked every LIVE_CHECK_MS), and a comment as keep-alive; it
// ends at the first check that finds its session gone (logged out, expired).
import type { Server } from 'bun'
import type { LiveVisitors } from '#src/contract/analytics'

export const LIVE_CHECK_MS = 2_000
const KEEP_ALIVE_MS = 20_000
const encoder = new TextEncoder()

/**
 * `alive` says whether the session that opened the stream still stands. NOTE: the admin boundary
 * checks the session once, when the stream opens; without the check on each tick a stream would
 * outlive a logout or the session's expiry for as long as the tab stays open.
 */
export function liveStream(request: Request, server: Server<unknown> | null, read: () => LiveVisitors, alive: () => boolean, checkMs = LIVE_CHECK_MS): Response {
  server?.timeout(request, 0)
  let stop = () => {}
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      let last = -1
      let quiet = 0
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text))
        } catch {
          stop()
        }
      }
      const tick = () => {
        if (!alive()) return stop()
        const now = read()
        if (now.visitors !== last) {
          last = now.visitors
          quiet = 0
          send(`event: live\ndata: ${JSON.stringify(now)}\n\n`)
        } else if ((quiet += checkMs) >= KEEP_ALIVE_MS) {
          quiet = 0
          send(': ping\n\n')
        }
      }
      const timer = setInterval(tick, checkMs)
      stop = () => {
        clearInterval(timer)
        request.signal.removeEventListener('abort', stop)
        try {
          controller.close()
        } catch {
          // Already closed by the client.
        }
      }
      request.signal.addEventListener('abort', stop)
      send('retry: 5000\n\n')
      tick()
    },
    cancel() {
      stop()
    },
  })
  return new Response(body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store', 'x-accel-buffering': 'no' } })
}
