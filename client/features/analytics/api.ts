// The dashboard's data: the analytics summary for a view, the export links, the live visitor
// figure (pushed by the server as `live` events) and the stats tokens (list, create, revoke).
import { createContext, useContext, useEffect, useState } from 'react'
import {
  ANALYTICS_PATHS,
  type AnalyticsFilters,
  type AnalyticsSummary,
  type ExportQuery,
  type LiveVisitors,
  type NewStatsToken,
  type StatsToken,
  type StatsTokenInput,
} from '#src/contract/analytics'
import type { ItemList } from '#src/contract/errors'
import { adminApi } from '#client/lib/admin-api'
import { viewQuery, type DashboardView } from './dashboard-filters'
import type { DashboardRange } from './dashboard-range'

export const analyticsQuery = (range: DashboardRange, filters: AnalyticsFilters = {}) => ({
  queryKey: ['admin', 'analytics', range, filters] as const,
  queryFn: () => adminApi.get<AnalyticsSummary>(ANALYTICS_PATHS.summary, { query: viewQuery({ range, filters }) }),
})

/** Through the API client, so a configured API base applies to downloads too. */
export const exportHref = (panel: ExportQuery['panel'], format: ExportQuery['format'], view: DashboardView) =>
  adminApi.url(ANALYTICS_PATHS.export, { panel, format, ...viewQuery(view) })

// Stats tokens let a script read the summary and exports without the admin session; the secret
// comes back once, when a token is made.
export const statsTokensKey = ['admin', 'stats-tokens'] as const

export const statsTokensQuery = {
  queryKey: statsTokensKey,
  queryFn: () => adminApi.get<ItemList<StatsToken>>(ANALYTICS_PATHS.tokens),
}

export const createStatsToken = (input: StatsTokenInput) => adminApi.post<NewStatsToken>(ANALYTICS_PATHS.tokens, input)
export const revokeStatsToken = (id: string) => adminApi.del(ANALYTICS_PATHS.token(id))

export const TOKENS_FAILED = 'Unable to load stats tokens.'
export const CREATE_FAILED = 'Failed to create the token.'
export const REVOKE_FAILED = 'Failed to revoke the token.'
export const REVOKE_CONFIRM = 'Revoke this token? Scripts using it stop working.'
export const SHOWN_ONCE = 'Copy this token now: it is not shown again.'
export const NO_TOKENS = 'No stats tokens yet.'

// Visitors in the last LIVE_WINDOW_MINUTES: null until the first event. On an error the last
// figure stays and EventSource reconnects by itself.
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
