// Demo room: GET /api/demo/events, the server-sent event stream of the demo bus.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { DEMO_LIMITS } from '#src/contract/demo'
import { cleanQuery, tooMany } from '#src/lib/http-error'
import { clientIp } from '#src/plugins/client-ip'
import type { BusEvent } from './event-bus'
import type { DemoRuntime } from './runtime'
import { clientSource } from '#src/lib/client-source'

const encoder = new TextEncoder()
// A client this many chunks behind is not reading; it is dropped and may reconnect with Last-Event-ID.
const MAX_BACKLOG_CHUNKS = 256

const frame = (id: number, event: string, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`
const busFrame = (e: BusEvent) => frame(e.id, e.type, e.data)

/**
 * The id to replay after: the Last-Event-ID header, else the `lastEventId` query parameter (a
 * page reconnecting by hand opens a new EventSource, which cannot set headers). NOTE: the header
 * wins because that EventSource's own later reconnects send the newer id there while the URL
 * still carries the old one. Null when absent or not one of ours.
 */
function resumeFrom(request: Request, query: Record<string, unknown>): number | null {
  const raw = request.headers.get('last-event-id')?.trim() || (cleanQuery(query).lastEventId ?? '').trim()
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null
}

export const eventsRoute = ({ config }: AppDeps, { bus, streams }: DemoRuntime) =>
  new Elysia().get('/api/demo/events', ({ request, server, query }) => {
    const since = resumeFrom(request, query)
    let close = () => {}
    const admission = streams.admit(clientSource(clientIp(request, server, config.trustProxy)), () => close())
    if (!admission.ok) throw tooMany(DEMO_LIMITS.retryMs / 1000, admission.reason)
    // Keep-alives below keep the stream under Bun's idle timeout anyway; this just lifts it.
    server?.timeout(request, 0)

    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let closed = false
        let unsubscribe = () => {}
        let stopPing = () => {}
        close = () => {
          if (closed) return
          closed = true
          stopPing()
          unsubscribe()
          admission.release()
          request.signal.removeEventListener('abort', close)
          try {
            controller.close()
          } catch {
            // Already closed or cancelled by the client: nothing left to end.
          }
        }
        const send = (text: string) => {
          if (closed) return
          try {
            controller.enqueue(encoder.encode(text))
          } catch {
            // The client went away before `cancel` or the abort signal told us.
            close()
            return
          }
          if ((controller.desiredSize ?? 0) < -MAX_BACKLOG_CHUNKS) close()
        }

        const backlog = since === null ? [] : bus.since(since)
        // NOTE: ready's id is the point the replay starts from, not the newest id: a client that
        // drops before the replay arrives resumes from there and loses nothing.
        const readyId = backlog.length ? backlog[0]!.id - 1 : bus.headId
        send(`retry: ${DEMO_LIMITS.retryMs}\n` + frame(readyId, 'ready', { replayed: backlog.length }))
        for (const event of backlog) send(busFrame(event))
        if (closed) return
        unsubscribe = bus.subscribe((event) => send(busFrame(event)))
        stopPing = streams.every(DEMO_LIMITS.keepAliveMs, () => send(': ping\n\n'))
        request.signal.addEventListener('abort', close)
        if (request.signal.aborted) close()
      },
      cancel() {
        close()
      },
    })

    return new Response(body, {
      headers: {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      },
    })
  })
