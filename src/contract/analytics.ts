// Page views and the analytics summary (spec sections 3 and 4).
import { z } from 'zod'
import { LIMITS } from './limits'

export const PageViewInput = z.object({ path: z.string().max(4096) })

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false
  const t = Date.parse(`${s}T00:00:00Z`)
  return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === s
}

const day = z.string().refine(isCalendarDay, 'Dates are real days written YYYY-MM-DD.')

export const SummaryQuery = z
  .object({
    days: z.coerce.number().int('days must be a whole number.').min(1, 'days must be at least 1.').max(3660).optional(),
    all: z.enum(['true', '1', 'false', '0']).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'from and to go together.', path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to.', path: ['from'] })
export type SummaryQuery = z.infer<typeof SummaryQuery>

export type PathCount = { path: string; count: number }
export type SummaryRange = { mode: 'all' | 'custom' | 'days'; days: number | null; from: string | null; to: string | null }
export type AnalyticsSummary = {
  range: SummaryRange
  totals: { views: number; uniquePaths: number }
  topPaths: PathCount[]
  byDay: { day: string; total: number; paths: PathCount[] }[]
}

export const ANALYTICS_DEFAULT_DAYS = LIMITS.analyticsDefaultDays
export const ANALYTICS_TOP_PATHS = 20
export const ANALYTICS_DAY_PATHS = 10
