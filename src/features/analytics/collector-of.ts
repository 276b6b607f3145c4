// Analytics room: the app's one collector, wired to its database, clock and admin sessions, and
// to the site's route table through `countedView` (src/web/view-counting.ts, from app.ts).
import type { AppDeps } from '#src/app-deps'
import { sessionAdmin } from '#src/features/auth'
import { AnalyticsCollector, type CollectorOptions } from './collector'

export function collectorFor({ conn, config, clock, log }: AppDeps, countedView: CollectorOptions['countedView']): AnalyticsCollector {
  const collector = new AnalyticsCollector({
    sqlite: conn.sqlite,
    db: conn.db,
    clock,
    log,
    // A static export renders every page through the app: those are not visits.
    enabled: config.analytics.enabled && !config.staticExport,
    rawDays: config.analytics.rawDays,
    siteHost: config.origin.host,
    isAdmin: (headers) => sessionAdmin(conn.db, headers.get('cookie'), config.origin, clock) !== null,
    countedView,
  })
  collector.catchUp()
  return collector
}
