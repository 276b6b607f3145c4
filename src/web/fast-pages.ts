// The hot path of a cached public page, as Bun's own routes (before Elysia's router and hooks,
// which cost about a third of the throughput of a page served from memory). A hit answers here;
// anything else (a miss, another method) goes on to the app unchanged. `flush` writes the request
// lines and counts still queued (after-answer.ts), on shutdown.
import type { Server } from 'bun'
import { routes } from '#client/site/routes'
import { pathAndQuery } from '../lib/request-path'
import { clientIp } from '../plugins/client-ip'
import type { Config } from '../config'
import type { RequestLogger } from '../plugins/request-log'
import { httpsRedirect } from '../plugins/security-headers'
import type { AnalyticsCollector } from '../features/analytics/collector'
import type { RenderCache } from './cache/render-cache'
import { pageLoadCounter } from './page-load'
import { cachedResponse } from './serve-page'
import { afterAnswer } from './after-answer'

type Handler = (request: Request, server: Server<unknown>) => Response | Promise<Response>

export function fastPageRoutes(
  cache: RenderCache,
  app: () => { fetch(request: Request): Response | Promise<Response> },
  log: RequestLogger | null,
  config: Pick<Config, 'trustProxy' | 'origin' | 'purge'>,
  analytics: Pick<AnalyticsCollector, 'pageLoad' | 'enabled'>,
): { routes: Record<string, Handler>; flush(): void } {
  const countLoad = pageLoadCounter(analytics, config)
  const after = afterAnswer(log, (request, status, ip) => countLoad(request, null, status, ip))
  const handler: Handler = (request, server) => {
    const redirect = httpsRedirect(request, config)
    if (redirect) return redirect
    const path = pathAndQuery(request.url)
    const page = request.method === 'GET' ? cache.get(path) : undefined
    if (!page) return app().fetch(request)
    const t0 = log ? performance.now() : undefined
    const response = cachedResponse(cache, path, page, request)
    // The address now: the socket it comes from is gone once answered.
    const ip = log || analytics.enabled ? clientIp(request, server, config.trustProxy) : ''
    after.push({ request, status: response.status, ip, t0, ms: t0 === undefined ? undefined : performance.now() - t0 })
    return response
  }
  return { routes: Object.fromEntries(routes.filter((r) => r.cache !== false).map((r) => [r.path, handler])), flush: after.flush }
}
