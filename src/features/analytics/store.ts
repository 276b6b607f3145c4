// Analytics room: what the collector writes and reads back. One transaction per flush: the raw
// hits and the day sums they add to, so the two never disagree (tests/api/analytics/analytics-rollup
// checks they agree before and after roll-up).
import type { Database } from 'bun:sqlite'

/** How a visit began: the visitor's first view of the day. '' means none. */
export type VisitAttrs = { entryPath: string; referrer: string; utmSource: string; utmMedium: string; utmCampaign: string; browser: string; os: string; device: string }

export type HitRow = VisitAttrs & {
  day: string
  kind: 'view' | 'goal'
  path: string
  goal: string
  /** 1 when the visitor sees this path (reaches this goal) for the first time today. */
  visitors: 0 | 1
  /** 1 on the visitor's first view of the day. */
  entries: 0 | 1
  visitor: string
  createdAt: string
}

/** Day sums keyed `day \0 dim \0 value`. */
export type DailySums = Map<string, { hits: number; visitors: number }>

export function addToDaily(sums: DailySums, day: string, dim: string, value: string, hits: number, visitors: number) {
  const key = `${day}\u0000${dim}\u0000${value}`
  const row = sums.get(key)
  if (row) {
    row.hits += hits
    row.visitors += visitors
  } else sums.set(key, { hits, visitors })
}

/** The day sums one hit adds: the visit dimensions count a visitor once, on the visit's first view. */
export function dailyOfHit(sums: DailySums, h: HitRow) {
  if (h.kind === 'goal') return addToDaily(sums, h.day, 'goal', h.goal, 1, h.visitors)
  addToDaily(sums, h.day, 'total', '', 1, h.entries)
  addToDaily(sums, h.day, 'path', h.path, 1, h.visitors)
  addToDaily(sums, h.day, 'entry', h.entryPath, 1, h.entries)
  addToDaily(sums, h.day, 'referrer', h.referrer, 1, h.entries)
  addToDaily(sums, h.day, 'utmSource', h.utmSource, 1, h.entries)
  addToDaily(sums, h.day, 'utmMedium', h.utmMedium, 1, h.entries)
  addToDaily(sums, h.day, 'utmCampaign', h.utmCampaign, 1, h.entries)
  addToDaily(sums, h.day, 'browser', h.browser, 1, h.entries)
  addToDaily(sums, h.day, 'os', h.os, 1, h.entries)
  addToDaily(sums, h.day, 'device', h.device, 1, h.entries)
}

export const HIT_COLUMNS = ['day', 'kind', 'path', 'goal', 'entry_path', 'referrer', 'utm_source', 'utm_medium', 'utm_campaign', 'browser', 'os', 'device'] as const

export function writeHits(sqlite: Database, hits: HitRow[], sums: DailySums) {
  if (!hits.length && !sums.size) return
  // query(), not prepare(): SQLite keeps the two statements compiled from one flush to the next.
  const insert = sqlite.query(
    `INSERT INTO analytics_hits (${HIT_COLUMNS.join(', ')}, hits, visitors, entries, visitor, created_at) VALUES (${HIT_COLUMNS.map(() => '?').join(', ')}, 1, ?, ?, ?, ?)`,
  )
  const upsert = sqlite.query(
    'INSERT INTO analytics_daily (day, dim, value, hits, visitors) VALUES (?, ?, ?, ?, ?) ON CONFLICT (day, dim, value) DO UPDATE SET hits = hits + excluded.hits, visitors = visitors + excluded.visitors',
  )
  sqlite.transaction(() => {
    for (const h of hits) {
      insert.run(h.day, h.kind, h.path, h.goal, h.entryPath, h.referrer, h.utmSource, h.utmMedium, h.utmCampaign, h.browser, h.os, h.device, h.visitors, h.entries, h.visitor, h.createdAt)
    }
    for (const [key, { hits: n, visitors }] of sums) {
      const [day, dim, value] = key.split('\u0000') as [string, string, string]
      upsert.run(day, dim, value, n, visitors)
    }
  })()
}

export type StoredHit = { kind: 'view' | 'goal'; path: string; goal: string; visitor: string; createdAt: string } & VisitAttrs

/** The day's raw hits in order, so a restarted server still knows who was already counted. */
export function readDay(sqlite: Database, day: string): StoredHit[] {
  return sqlite
    .query(
      `SELECT kind, path, goal, entry_path AS entryPath, referrer, utm_source AS utmSource, utm_medium AS utmMedium, utm_campaign AS utmCampaign,
        browser, os, device, visitor, created_at AS createdAt FROM analytics_hits WHERE day = ? AND visitor IS NOT NULL ORDER BY id`,
    )
    .all(day) as StoredHit[]
}

/**
 * Rolls every raw hit of the days before `cutoff` into one row per distinct set of values, with
 * hits, visitors and entries summed: every total the dashboard shows stays the same, and the
 * visitor hashes and times are gone. Returns the number of raw rows rolled up.
 */
export function rollUp(sqlite: Database, cutoff: string): number {
  const cols = HIT_COLUMNS.join(', ')
  return sqlite.transaction(() => {
    const raw = sqlite.query('SELECT count(*) AS n FROM analytics_hits WHERE day < ? AND visitor IS NOT NULL').get(cutoff) as { n: number }
    if (!raw.n) return 0
    sqlite
      .prepare(
        `INSERT INTO analytics_hits (${cols}, hits, visitors, entries) SELECT ${cols}, sum(hits), sum(visitors), sum(entries)
         FROM analytics_hits WHERE day < ? AND visitor IS NOT NULL GROUP BY ${cols}`,
      )
      .run(cutoff)
    sqlite.prepare('DELETE FROM analytics_hits WHERE day < ? AND visitor IS NOT NULL').run(cutoff)
    return raw.n
  })()
}
