// Analytics room: how many distinct values a day may store per dimension. Past the cap a new value
// is stored as OTHER_VALUE, in the day sums and on the hit's own row alike, so a client inventing
// values (404 paths, campaigns, referrers, ping targets) grows no table past a known size.
import type { Database } from 'bun:sqlite'
import { OTHER_VALUE } from '#src/contract/analytics'
import type { HitRow } from './store'

/**
 * Distinct values per dimension and UTC day. A personal site's real day has a few dozen pages,
 * referrers and campaigns, a front-page link a few hundred referring hosts; a thousand keeps all
 * of those exact (the dashboard shows the top 50) while a day of analytics_daily stays within
 * 13 dimensions × 1,002 rows (the cap, none and OTHER_VALUE) plus its total, whatever anyone sends.
 */
export const DAILY_VALUES_MAX = 1000

/** The dimensions a day stores values of (besides 'total', whose one value is ''). */
export const VALUE_DIMENSIONS = ['path', 'entry', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign', 'browser', 'os', 'device', 'goal', 'bot', 'notFound', 'feed'] as const
export type ValueDimension = (typeof VALUE_DIMENSIONS)[number]

/** The most analytics_daily rows one day can hold: per dimension the cap, '' and OTHER_VALUE; and the total. */
export const DAILY_ROWS_MAX = VALUE_DIMENSIONS.length * (DAILY_VALUES_MAX + 2) + 1

export class DailyValues {
  private seen = new Map<string, Set<string>>()

  constructor(private readonly max = DAILY_VALUES_MAX) {}

  /** Starts a day from the values it already stored, so a restart does not reset the cap. */
  startDay(sqlite: Database, day: string): void {
    this.seen = new Map()
    // NOTE: read whole, past the cap too: a day stored before the cap existed keeps its rows.
    const rows = sqlite.query('SELECT dim, value FROM analytics_daily WHERE day = ?').all(day) as { dim: string; value: string }[]
    for (const { dim, value } of rows) if (value !== '' && value !== OTHER_VALUE) this.of(dim).add(value)
  }

  /** The value to store: itself while the day has room for it, else OTHER_VALUE. '' (none) always stays itself. */
  fold(dim: ValueDimension, value: string): string {
    if (value === '' || value === OTHER_VALUE) return value
    const seen = this.of(dim)
    if (seen.has(value)) return value
    if (seen.size >= this.max) return OTHER_VALUE
    seen.add(value)
    return value
  }

  /** A hit with every value folded: its row and the day sums it adds to then agree. */
  foldHit(h: HitRow): HitRow {
    return {
      ...h,
      path: this.fold('path', h.path),
      goal: this.fold('goal', h.goal),
      entryPath: this.fold('entry', h.entryPath),
      referrer: this.fold('referrer', h.referrer),
      utmSource: this.fold('utmSource', h.utmSource),
      utmMedium: this.fold('utmMedium', h.utmMedium),
      utmCampaign: this.fold('utmCampaign', h.utmCampaign),
      browser: this.fold('browser', h.browser),
      os: this.fold('os', h.os),
      device: this.fold('device', h.device),
    }
  }

  private of(dim: string): Set<string> {
    let seen = this.seen.get(dim)
    if (!seen) this.seen.set(dim, (seen = new Set()))
    return seen
  }
}
