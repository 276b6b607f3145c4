// Analytics room: the app's one collector, wired to its database, clock and admin sessions.
import type { AppDeps } from '../../app-deps'
import { findSession } from '../auth/service'
import { readSessionToken } from '../auth/session-cookie'
import { AnalyticsCollector } from './collector'

export function collectorFor({ conn, config, clock, log }: AppDeps): AnalyticsCollector {
  const collector = new AnalyticsCollector({
    sqlite: conn.sqlite,
    db: conn.db,
    clock,
    log,
    // A static export renders every page through the app: those are not visits.
    enabled: config.analytics.enabled && !config.staticExport,
    rawDays: config.analytics.rawDays,
    siteHost: new URL(config.siteUrl).host,
    isAdmin: (headers) => {
      const token = readSessionToken(headers.get('cookie'), config.siteUrl)
      return token !== null && findSession(conn.db, token, clock) !== null
    },
  })
  collector.catchUp()
  return collector
}
