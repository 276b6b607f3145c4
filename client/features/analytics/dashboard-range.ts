// The dashboard's analytics range: what the admin picked, the query it sends, how it is named,
// and every day it covers (so the chart shows days without views as gaps) with its visitors.
import type { AnalyticsSummary, SummaryRange } from '#src/contract/analytics'
import { LIMITS } from '#src/contract/limits'
import type { Query } from '#client/lib/api'

export type Preset = (typeof LIMITS.analyticsPresets)[number]
export type DashboardRange = { kind: 'days'; days: Preset } | { kind: 'all' } | { kind: 'custom'; from: string; to: string }

export const DEFAULT_RANGE: DashboardRange = { kind: 'days', days: LIMITS.analyticsDefaultDays }
export const PRESETS = LIMITS.analyticsPresets

export function rangeQuery(range: DashboardRange): Query {
  if (range.kind === 'all') return { all: 'true' }
  if (range.kind === 'custom') return { from: range.from, to: range.to }
  return { days: range.days }
}

/** 'Last 30 days', 'All time' or 'From 2026-01-01 to 2026-01-31', from the range the server used. */
export function rangeLabel(range: SummaryRange): string {
  if (range.mode === 'all') return 'All time'
  if (range.mode === 'custom') return `From ${range.from} to ${range.to}`
  return `Last ${range.days} days`
}

const DAY_MS = 86_400_000
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
/** Days from `from` to `to`, both counted. */
export const daysInclusive = (from: string, to: string) => Math.floor((dayMs(to) - dayMs(from)) / DAY_MS) + 1

/** One bar of the chart: the views of `days` consecutive days starting at `from`. */
export type Bar = { from: string; to: string; days: number; total: number }

/**
 * The range cut into at most `maxBars` bars, every day counted (days without views give empty
 * bars, so gaps show). One day per bar for ranges up to `maxBars` days; longer ranges (all time,
 * a wide custom range) group consecutive days so the chart stays small. [] for an open range.
 */
export function chartBars(summary: AnalyticsSummary, maxBars: number): Bar[] {
  const { from, to } = summary.range
  if (!from || !to) return []
  const start = dayMs(from)
  const dayCount = daysInclusive(from, to)
  if (!(dayCount > 0)) return []
  const size = Math.ceil(dayCount / maxBars)
  const bars: Bar[] = []
  for (let first = 0; first < dayCount; first += size) {
    const days = Math.min(size, dayCount - first)
    bars.push({ from: dayOf(start + first * DAY_MS), to: dayOf(start + (first + days - 1) * DAY_MS), days, total: 0 })
  }
  for (const { day, total } of summary.byDay) {
    const bar = bars[Math.floor((dayMs(day) - start) / DAY_MS / size)]
    if (bar) bar.total += total
  }
  return bars
}

/**
 * Unique visitors per bar, from the summary's chart (which covers at most the range's last
 * CHART_MAX_DAYS days): null for a bar the chart does not wholly cover, rather than a short sum.
 */
export function barVisitors(summary: AnalyticsSummary, bars: Bar[]): (number | null)[] {
  const first = bars[0]
  if (!first) return []
  const start = dayMs(first.from)
  const sums = bars.map(() => ({ visitors: 0, days: 0 }))
  for (const { day, visitors } of summary.chart) {
    const sum = sums[Math.floor((dayMs(day) - start) / DAY_MS / first.days)]
    if (!sum) continue
    sum.visitors += visitors
    sum.days += 1
  }
  return sums.map((s, i) => (s.days === bars[i]!.days ? s.visitors : null))
}

/** '2026-01-05', or '2026-01-01 to 2026-01-04' for a bar of several days. */
export const barSpan = (bar: Bar) => (bar.days === 1 ? bar.from : `${bar.from} to ${bar.to}`)
