// Analytics room: record page views and summarise them per range, aggregated in SQL.
import { and, asc, countDistinct, desc, gte, lte, min, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/connection'
import { pageViews } from '../../../db/schema'
import { ANALYTICS_DAY_PATHS, ANALYTICS_TOP_PATHS, type AnalyticsSummary, type SummaryQuery, type SummaryRange } from '../../contract/analytics'
import { utcDay, type Clock } from '../../lib/clock'
import { resolveRange, wantsAll } from './range'

export function recordView(db: Db, path: string, clock: Clock): void {
  const now = clock.now()
  db.insert(pageViews).values({ path, day: utcDay(now), createdAt: now.toISOString() }).run()
}

const firstViewDay = (db: Db): string | null => db.select({ day: min(pageViews.day) }).from(pageViews).get()?.day ?? null

function inRange(range: SummaryRange): SQL | undefined {
  return and(range.from ? gte(pageViews.day, range.from) : undefined, range.to ? lte(pageViews.day, range.to) : undefined)
}

export function summarise(db: Db, query: SummaryQuery, clock: Clock): AnalyticsSummary {
  const today = utcDay(clock.now())
  const range = resolveRange(query, today, wantsAll(query) ? firstViewDay(db) : null)
  const where = inRange(range)
  const views = sql<number>`count(*)`

  const totals = db.select({ views, uniquePaths: countDistinct(pageViews.path) }).from(pageViews).where(where).get()
  const topPaths = db
    .select({ path: pageViews.path, count: views })
    .from(pageViews)
    .where(where)
    .groupBy(pageViews.path)
    .orderBy(desc(views), asc(pageViews.path))
    .limit(ANALYTICS_TOP_PATHS)
    .all()
  return {
    range,
    totals: { views: totals?.views ?? 0, uniquePaths: totals?.uniquePaths ?? 0 },
    topPaths,
    byDay: viewsByDay(db, where),
  }
}

/**
 * Per day: the total and its top paths. NOTE: window functions rank each day's (day, path)
 * groups inside SQLite, so only the kept rows cross into JavaScript however many paths a day has.
 */
function viewsByDay(db: Db, where: SQL | undefined): AnalyticsSummary['byDay'] {
  const ranked = db
    .select({
      day: pageViews.day,
      path: pageViews.path,
      count: sql<number>`count(*)`.as('views'),
      total: sql<number>`sum(count(*)) over (partition by ${pageViews.day})`.as('day_total'),
      rank: sql<number>`row_number() over (partition by ${pageViews.day} order by count(*) desc, ${pageViews.path})`.as('day_rank'),
    })
    .from(pageViews)
    .where(where)
    .groupBy(pageViews.day, pageViews.path)
    .as('ranked')
  const rows = db.select().from(ranked).where(lte(ranked.rank, ANALYTICS_DAY_PATHS)).orderBy(asc(ranked.day), asc(ranked.rank)).all()

  const byDay: AnalyticsSummary['byDay'] = []
  for (const row of rows) {
    let last = byDay[byDay.length - 1]
    if (last?.day !== row.day) byDay.push((last = { day: row.day, total: row.total, paths: [] }))
    last.paths.push({ path: row.path, count: row.count })
  }
  return byDay
}
