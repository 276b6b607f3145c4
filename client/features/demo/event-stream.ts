// The demo's event stream client (spec section 4): connecting, open, retrying with backoff.
// NOTE: on an error we close the EventSource and reconnect on our own schedule instead of the
// browser's (which retries every `retry:` ms forever). A reconnect of ours does not send the
// Last-Event-ID header, so the last seen id travels as ?lastEventId= and nothing is missed.
import { DEMO_EVENT_TYPES, type DemoEventType } from '#src/contract/demo-events'
import { reconnectDelay } from './backoff'

export type StreamState = 'connecting' | 'open' | 'retrying'
export type StreamEvent = { type: DemoEventType; id: string; data: unknown }
export type StreamStatus = { state: StreamState; everOpened: boolean; attempt: number; retryInMs?: number }

/** The part of EventSource the client uses, so tests can hand in a fake. */
export type EventSourceLike = {
  onopen: ((event: Event) => void) | null
  onerror: ((event: Event) => void) | null
  addEventListener(type: string, listener: (event: MessageEvent) => void): void
  close(): void
}
export type EventSourceClass = new (url: string) => EventSourceLike
export type Timers = { set(run: () => void, ms: number): unknown; clear(handle: unknown): void }

export type StreamOptions = {
  /** The stream URL, carrying `lastEventId` when there is one. */
  url: (lastEventId: string | null) => string
  onEvent: (event: StreamEvent) => void
  onStatus: (status: StreamStatus) => void
  EventSource: EventSourceClass
  timers?: Timers
}

const realTimers: Timers = { set: (run, ms) => setTimeout(run, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) }

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

/** The badge shows while the stream is down after having been up, and while a retry waits. */
export const isReconnecting = (status: Pick<StreamStatus, 'state' | 'everOpened'>) =>
  status.state === 'retrying' || (status.state === 'connecting' && status.everOpened)

/** Opens the stream now and keeps it open until close(). */
export function connectEventStream(options: StreamOptions) {
  const timers = options.timers ?? realTimers
  let source: EventSourceLike | null = null
  let timer: unknown = null
  let attempt = 0
  let everOpened = false
  let lastEventId: string | null = null
  let closed = false

  const report = (state: StreamState, retryInMs?: number) =>
    options.onStatus({ state, everOpened, attempt, ...(retryInMs === undefined ? {} : { retryInMs }) })

  function connect() {
    timer = null
    if (closed) return
    report('connecting')
    const es = new options.EventSource(options.url(lastEventId))
    source = es
    // Handlers check `source` so a late callback of a closed EventSource changes nothing.
    es.onopen = () => {
      if (source !== es) return
      attempt = 0
      everOpened = true
      report('open')
    }
    es.onerror = () => {
      if (source !== es) return
      es.close()
      source = null
      const delay = reconnectDelay(attempt)
      attempt++
      report('retrying', delay)
      timer = timers.set(connect, delay)
    }
    for (const type of DEMO_EVENT_TYPES) {
      es.addEventListener(type, (e) => {
        if (source !== es) return
        if (e.lastEventId) lastEventId = e.lastEventId
        options.onEvent({ type, id: e.lastEventId, data: parse(String(e.data)) })
      })
    }
  }

  connect()
  return {
    /** The id of the last event received: what a reconnect resumes from. */
    lastEventId: () => lastEventId,
    close() {
      closed = true
      source?.close()
      source = null
      if (timer !== null) timers.clear(timer)
      timer = null
    },
  }
}
