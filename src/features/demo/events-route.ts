// Demo room: GET /api/demo/events, the server-sent event stream of the demo bus.
import { Elysia } from 'elysia'
import type { AppDeps } from '../../app-deps'
import { DEMO_LIMITS, DEMO_MESSAGES } from '../../contract/demo'
import { tooMany } from '../../lib/http-error'
import { clientIp } from '../../plugins/client-ip'
import type { BusEvent, EventBus } from './event-bus'

const encoder = new TextEncoder()
// A client this many chunks behind is not reading; it is dropped and may reconnect with Last-Event-ID.
const MAX_BACKLOG_CHUNKS = 256

const frame = (id: number, event: string, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`
const busFrame = (e: BusEvent) => frame(e.id, e.type, e.data)

/** Last-Event-ID as a number, or null when absent or not one of ours. */
function lastEventId(request: Request): number | null {
  const raw = request.headers.get('last-event-id')?.trim() ?? ''
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null
}

/** Open streams, counted per client IP, so shutdown can end them and one client cannot hog them. */
export class StreamRegistry {
  private readonly perIp = new Map<string, number>()
  private readonly closers = new Set<() => void>()

  /** Claims a slot for `ip`, or says why not. */
  open(ip: string): string | null {
    if (this.closers.size >= DEMO_LIMITS.streamsTotal) return DEMO_MESSAGES.streamsTotal
    if ((this.perIp.get(ip) ?? 0) >= DEMO_LIMITS.streamsPerIp) return DEMO_MESSAGES.streamsPerIp
    this.perIp.set(ip, (this.perIp.get(ip) ?? 0) + 1)
    return null
  }

  track(ip: string, close: () => void): () => void {
    this.closers.add(close)
    return () => {
      this.closers.delete(close)
      const left = (this.perIp.get(ip) ?? 1) - 1
      if (left > 0) this.perIp.set(ip, left)
      else this.perIp.delete(ip)
    }
  }

  closeAll() {
    for (const close of [...this.closers]) close()
  }
}

export const eventsRoute = ({ config }: AppDeps, bus: EventBus, streams: StreamRegistry) =>
  new Elysia().get('/api/demo/events', ({ request, server }) => {
    const ip = clientIp(request, server, config.trustProxy)
    const since = lastEventId(request)
    const refusal = streams.open(ip)
    if (refusal) throw tooMany(DEMO_LIMITS.retryMs / 1000, refusal)
    // Keep-alives below keep the stream under Bun's idle timeout anyway; this just lifts it.
    server?.timeout(request, 0)
    let close = () => {}

    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let closed = false
        const send = (text: string) => {
          if (closed) return
          controller.enqueue(encoder.encode(text))
          if ((controller.desiredSize ?? 0) < -MAX_BACKLOG_CHUNKS) close()
        }
        const backlog = since === null ? [] : bus.since(since)
        send(`retry: ${DEMO_LIMITS.retryMs}\n` + frame(bus.headId, 'ready', { replayed: backlog.length }))
        for (const event of backlog) send(busFrame(event))
        const unsubscribe = bus.subscribe((event) => send(busFrame(event)))
        const ping = setInterval(() => send(': ping\n\n'), DEMO_LIMITS.keepAliveMs)
        const untrack = streams.track(ip, () => close())
        close = () => {
          if (closed) return
          closed = true
          clearInterval(ping)
          unsubscribe()
          untrack()
          request.signal.removeEventListener('abort', close)
          try {
            controller.close()
          } catch {
            // Already closed or cancelled by the client: nothing left to end.
          }
        }
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
