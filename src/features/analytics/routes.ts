// Analytics room: the public page-view beacon and the admin summary.
import { Elysia } from 'elysia'
import type { AppDeps } from '../../app-deps'
import { PageViewInput, SummaryQuery } from '../../contract/analytics'
import { cleanQuery, tooMany, validate } from '../../lib/http-error'
import { RateLimiter } from '../../lib/rate-limit'
import { clientIp } from '../../plugins/client-ip'
import { normalisePagePath } from './page-path'
import { recordView, summarise } from './service'

/** A reader clicking quickly sends a few views a minute; this only stops a script filling the table. */
export const PAGE_VIEW_LIMIT = { max: 120, windowMs: 60_000 }
/**
 * All visitors together: far above a personal site's busiest minute (a front-page link brings a
 * few hundred views a minute), low enough that many addresses cannot grow the table without end.
 */
export const PAGE_VIEW_GLOBAL_LIMIT = { max: 10_000, windowMs: 60_000 }

export const analyticsRoutes = ({ conn, config, clock }: AppDeps) => {
  const limiter = new RateLimiter(PAGE_VIEW_LIMIT, clock)
  const everyone = new RateLimiter(PAGE_VIEW_GLOBAL_LIMIT, clock)

  return new Elysia()
    .post('/api/analytics/pv', ({ body, request, server }) => {
      const verdict = limiter.hit(clientIp(request, server, config.trustProxy))
      if (!verdict.ok) throw tooMany(verdict.retryAfterSeconds)
      const overall = everyone.hit('all')
      if (!overall.ok) throw tooMany(overall.retryAfterSeconds)
      const path = normalisePagePath(validate(PageViewInput, body).path)
      if (path) recordView(conn.db, path, clock)
      // NOTE: no cookie and no IP is kept: the IP above lives only in the limiter's memory window.
      // Sent by a static export on another host too (API_BASE): an empty answer, nothing to guard.
      return new Response(null, { status: 204, headers: { 'cache-control': 'no-store', 'cross-origin-resource-policy': 'cross-origin' } })
    })
    .get('/api/admin/analytics/summary', ({ query, set }) => {
      set.headers['cache-control'] = 'no-store'
      return summarise(conn.db, validate(SummaryQuery, cleanQuery(query)), clock)
    })
}
