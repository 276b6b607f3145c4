// The demo event stream inside React: opened after mount, closed on unmount, its status kept
// for the 'reconnecting…' badge and its connection changes written to the timeline.
import { useEffect, useRef, useState } from 'react'
import type { DemoApi } from './api'
import { connectEventStream, type EventSourceClass, type StreamEvent, type StreamStatus } from './event-stream'
import type { Log } from './use-timeline'

export const SSE_DISCONNECTED = 'SSE error / disconnected'

type Options = {
  api: DemoApi
  /** Defaults to the browser's EventSource, read after mount (the server has none). */
  EventSource?: EventSourceClass
  onEvent: (event: StreamEvent) => void
  log: Log
}

/** null before the stream starts (server render, first client render) or without EventSource. */
export function useEventStream({ api, EventSource, onEvent, log }: Options): StreamStatus | null {
  const [status, setStatus] = useState<StreamStatus | null>(null)
  const handlers = useRef({ onEvent, log })
  useEffect(() => {
    handlers.current = { onEvent, log }
  }, [onEvent, log])

  useEffect(() => {
    const Source = EventSource ?? (globalThis.EventSource as EventSourceClass | undefined)
    if (!Source) {
      handlers.current.log('error', 'This browser has no EventSource: the live event stream is off.')
      return
    }
    const stream = connectEventStream({
      url: api.eventsUrl,
      EventSource: Source,
      onEvent: (event) => handlers.current.onEvent(event),
      onStatus: (next) => {
        setStatus(next)
        const say = handlers.current.log
        if (next.state === 'open') say('info', 'Event stream open')
        else if (next.state === 'connecting') say('info', next.everOpened ? 'Reconnecting to the event stream' : 'Connecting to the event stream')
        else say('error', SSE_DISCONNECTED, `retry ${next.attempt} in ${(next.retryInMs ?? 0) / 1000} s`)
      },
    })
    return () => stream.close()
  }, [api, EventSource])

  return status
}
