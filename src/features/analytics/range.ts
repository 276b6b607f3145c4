// Analytics room: which UTC days a summary query covers. Pure, so every mode is unit-tested.
import type { SummaryQuery, SummaryRange } from '#src/contract/analytics'
import { ANALYTICS_DEFAULT_DAYS } from '#src/contract/analytics'
import { DAY } from '#src/lib/clock'

/** The YYYY-MM-DD day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)
}

export const wantsAll = (q: SummaryQuery) => q.all === 'true' || q.all === '1'

/**
 * Resolves a validated query against today (UTC). Precedence when several are sent:
 * all=true, then from&to, then days; nothing means the last 30 days.
 * `firstDay` is the earliest day with views, used only by mode 'all' (null when there are none).
 */
export function resolveRange(q: SummaryQuery, today: string, firstDay: string | null): SummaryRange {
  if (wantsAll(q)) return { mode: 'all', days: null, from: firstDay, to: today }
  if (q.from && q.to) return { mode: 'custom', days: null, from: q.from, to: q.to }
  const days = q.days ?? ANALYTICS_DEFAULT_DAYS
  return { mode: 'days', days, from: addDays(today, -(days - 1)), to: today }
}
