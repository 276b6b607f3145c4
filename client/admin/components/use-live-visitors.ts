// Visitors in the last LIVE_WINDOW_MINUTES, pushed by the server as `live` events (LiveVisitors).
// null until the first event. On an error the last figure stays and EventSource reconnects by itself.
import { createContext, useContext, useEffect, useState } from 'react'
import { ANALYTICS_PATHS, type LiveVisitors } from '#src/contract/analytics'
import { adminApi } from '../api'

/** The part of EventSource the hook uses, so a test can hand in a fake. */
export type LiveSource = {
  addEventListener(type: 'live', listener: (event: MessageEvent<string>) => void): void
  close(): void
}
/** Opens the stream at `url`; null where there is no EventSource (the live figure stays '—'). */
export type LiveSourceFactory = (url: string) => LiveSource | null

/** The browser's EventSource, sending the session cookie even if the API base is another origin. */
export const openEventSource: LiveSourceFactory = (url) => (typeof EventSource === 'undefined' ? null : new EventSource(url, { withCredentials: true }))

function parse(data: string): LiveVisitors | null {
  try {
    const value: unknown = JSON.parse(data)
    if (typeof value !== 'object' || value === null || !('visitors' in value) || typeof value.visitors !== 'number') return null
    return { visitors: value.visitors, at: 'at' in value && typeof value.at === 'string' ? value.at : '' }
  } catch {
    return null
  }
}

/** Where the dashboard screen gets its factory: the browser's, unless a test provides a fake. */
export const LiveSourceContext = createContext<LiveSourceFactory>(openEventSource)

/** `factory` (else the context's) must stay the same across renders: a new one reconnects. */
export function useLiveVisitors(factory?: LiveSourceFactory): LiveVisitors | null {
  const fromContext = useContext(LiveSourceContext)
  const open = factory ?? fromContext
  const [live, setLive] = useState<LiveVisitors | null>(null)
  useEffect(() => {
    const source = open(adminApi.url(ANALYTICS_PATHS.live))
    if (!source) return
    source.addEventListener('live', (event) => {
      // A malformed event keeps the last good figure rather than blanking it.
      const next = parse(event.data)
      if (next) setLive(next)
    })
    return () => source.close()
  }, [open])
  return live
}
