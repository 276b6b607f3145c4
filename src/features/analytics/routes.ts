// Analytics room: the public beacon and link pings, and the admin's summary, live figure,
// exports and stats tokens; the same summary and exports for a stats token (read-only).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { ExportQuery, GOALS, PageViewInput, PingQuery, RANGE_DATE_FIELDS, StatsTokenInput, SummaryQuery } from '#src/contract/analytics'
import { utcDay } from '#src/lib/clock'
import { checkDates } from '#src/lib/date-bounds'
import { cleanQuery, HttpError, notFound, tooMany, validate } from '#src/lib/http-error'
import { RateLimiter } from '#src/lib/rate-limit'
import { sessionAdmin } from '#src/features/auth'
import { clientIp } from '#src/plugins/client-ip'
import type { AnalyticsCollector } from './collector'
import { dailyAggregates, dailyDownload, panelDownload } from './export'
import { liveStream } from './live-stream'
import { referrerHost } from './referrer'
import { checkStatsToken, createStatsToken, listStatsTokens, revokeStatsToken } from './stats-tokens'
import { summarise } from './summary'
import { clientSource } from '#src/lib/client-source'
import { routePolicies } from '#src/plugins/route-policies'

/** A reader clicking quickly sends a few views a minute; this only stops a script filling the table. */
export const PAGE_VIEW_LIMIT = { max: 120, windowMs: 60_000 }
/**
 * All visitors together: far above a personal site's busiest minute (a front-page link brings a
 * few hundred views a minute), low enough that many addresses cannot grow the table without end.
 */
export const PAGE_VIEW_GLOBAL_LIMIT = { max: 10_000, windowMs: 60_000 }

// NOTE: the beacon is sent by a static export on another host too (API_BASE): an empty answer
// that any origin may read, with nothing to guard.
const noContent = () => new Response(null, { status: 204, headers: { 'cache-control': 'no-store', 'cross-origin-resource-policy': 'cross-origin' } })

const PING_GOAL = { outbound: GOALS.outbound, 'live-app': GOALS.liveAppOpened, video: GOALS.videoPlayed } as const

/** The host a ping's link led to (Ping-To), for the outbound goal's detail, as referrers are named. */
const pingTarget = (headers: Headers) => referrerHost(headers.get('ping-to'), '') ?? ''

function download({ body, type, filename }: { body: string; type: string; filename: string }) {
  return new Response(body, { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' } })
}

export const analyticsRoutes = ({ conn, config, clock }: AppDeps, collector: AnalyticsCollector) => {
  const limiter = new RateLimiter(PAGE_VIEW_LIMIT, clock)
  const everyone = new RateLimiter(PAGE_VIEW_GLOBAL_LIMIT, clock)
  const admit = (request: Request, server: Parameters<typeof clientIp>[1]) => {
    const ip = clientIp(request, server, config.trustProxy)
    const verdict = limiter.hit(clientSource(ip))
    if (!verdict.ok) throw tooMany(verdict.retryAfterSeconds)
    const overall = everyone.hit('all')
    if (!overall.ok) throw tooMany(overall.retryAfterSeconds)
    return { headers: request.headers, ip }
  }
  const summaryOf = (query: SummaryQuery, panelRows?: number) => {
    collector.catchUp()
    return summarise(conn.sqlite, query, { enabled: collector.enabled, today: utcDay(clock.now()), panelRows })
  }
  const exportOf = (query: Record<string, unknown>) => {
    const { panel, format, ...rest } = checkDates(validate(ExportQuery, cleanQuery(query)), RANGE_DATE_FIELDS, clock)
    // An export holds the whole panel, not the dashboard's first rows.
    const summary = summaryOf(rest, 100_000)
    if (panel !== 'daily') return download(panelDownload(summary, panel, format))
    const { from, to } = summary.range
    return download(dailyDownload(from ? dailyAggregates(conn.sqlite, from, to ?? from) : [], summary.range, format))
  }
  const requireToken = (request: Request) => {
    if (!checkStatsToken(conn.db, request.headers.get('authorization'), clock)) throw new HttpError(401, 'A valid stats token is required (Authorization: Bearer <token>).')
  }

  return new Elysia().use(routePolicies)
    .post('/api/analytics/pv', ({ body, request, server }) => {
      const hit = admit(request, server)
      const input = validate(PageViewInput, body)
      collector.beacon(input.path, input.referrer, hit)
      return noContent()
    }, { bodyLimit: 2 * 1024, bodyKind: 'beacon' })
    .post('/api/analytics/ping', ({ query, request, server }) => {
      const hit = admit(request, server)
      const { goal } = validate(PingQuery, cleanQuery(query))
      collector.goal(PING_GOAL[goal], hit, goal === 'outbound' ? pingTarget(request.headers) : '')
      return noContent()
    }, { bodyLimit: 1024, bodyKind: 'ping' })
    .get('/api/admin/analytics/summary', ({ query, set }) => {
      set.headers['cache-control'] = 'no-store'
      return summaryOf(checkDates(validate(SummaryQuery, cleanQuery(query)), RANGE_DATE_FIELDS, clock))
    })
    .get('/api/admin/analytics/export', ({ query }) => exportOf(query))
    .get('/api/admin/analytics/live', ({ request, server }) => {
      const cookie = request.headers.get('cookie')
      // One indexed read per tick: the stream ends within a tick of its session.
      const alive = () => sessionAdmin(conn.db, cookie, config.origin, clock) !== null
      return liveStream(request, server, () => ({ visitors: collector.live(), at: clock.now().toISOString() }), alive)
    })
    .get('/api/admin/analytics/tokens', () => ({ items: listStatsTokens(conn.db) }))
    .post('/api/admin/analytics/tokens', ({ body, set }) => {
      set.status = 201
      return createStatsToken(conn.db, validate(StatsTokenInput, body).name, clock)
    })
    .delete('/api/admin/analytics/tokens/:id', ({ params }) => {
      if (!revokeStatsToken(conn.db, params.id)) throw notFound('No such token.')
      return new Response(null, { status: 204 })
    })
    .get('/api/stats/summary', ({ query, request, set }) => {
      requireToken(request)
      set.headers['cache-control'] = 'no-store'
      return summaryOf(checkDates(validate(SummaryQuery, cleanQuery(query)), RANGE_DATE_FIELDS, clock))
    })
    .get('/api/stats/export', ({ query, request }) => {
      requireToken(request)
      return exportOf(query)
    })
}
