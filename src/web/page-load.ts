// What an answered public page does besides answering, defined once: the cached hot path
// (fast-pages.ts, before Elysia's hooks) and the app's page route (routes.ts) both call it, so a
// page served from memory is counted exactly as a rendered one. The https redirect and the
// request line are shared the same way: httpsRedirect and requestLogger.
import type { Server } from 'bun'
import type { Config } from '../config'
import type { AnalyticsCollector } from '../features/analytics/collector'
import { pathAndQuery } from '../lib/request-path'
import { clientIp } from '../plugins/client-ip'
import { servedFromACache } from './site-config'

export type PageLoadCounter = (request: Request, server: Server<unknown> | null, status: number, ip?: string) => void

/** Counts a GET of a public page in analytics (when on); `ip` when the caller has worked it out already. */
export function pageLoadCounter(analytics: Pick<AnalyticsCollector, 'pageLoad' | 'enabled'>, config: Pick<Config, 'trustProxy' | 'purge'>): PageLoadCounter {
  // Behind a cache the page's beacon counts every view (src/web/site-config.ts).
  const beaconCounts = servedFromACache(config)
  return (request, server, status, ip) => {
    if (!analytics.enabled || beaconCounts || request.method !== 'GET') return
    analytics.pageLoad(pathAndQuery(request.url), { headers: request.headers, ip: ip ?? clientIp(request, server, config.trustProxy) }, status)
  }
}
