// Analytics room: the dashboard's summary for a range and filters, with the previous period.
import type { Database } from 'bun:sqlite'
import { ANALYTICS_PANEL_ROWS, CHART_MAX_DAYS, FILTER_DIMENSIONS, type AnalyticsFilters, type AnalyticsSummary, type SummaryQuery, type Totals } from '#src/contract/analytics'
import { DAY } from '#src/lib/clock'
import { addDays, resolveRange, wantsAll } from './range'
import { dailySource, eventTotals, hitsSource, type Span } from './sources'

export const filtersOf = (query: Partial<Record<string, unknown>>): AnalyticsFilters =>
  Object.fromEntries(FILTER_DIMENSIONS.flatMap((d) => (typeof query[d] === 'string' ? [[d, query[d]]] : []))) as AnalyticsFilters

const firstDay = (sqlite: Database): string | null =>
  (sqlite.query("SELECT min(day) AS day FROM analytics_daily WHERE dim IN ('total', 'goal')").get() as { day: string | null }).day

/** Change in percent, one decimal; null when the previous period had none to compare with. */
export const percentChange = (now: number, before: number): number | null => (before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10)

const daysIn = ({ from, to }: Span) => Math.round((Date.parse(to) - Date.parse(from)) / DAY) + 1

/** Every day of the span (its last CHART_MAX_DAYS), the days without views as zeros. */
function fillDays(span: Span, rows: { day: string; views: number; visitors: number }[]): AnalyticsSummary['chart'] {
  const byDay = new Map(rows.map((r) => [r.day, r]))
  const count = Math.min(daysIn(span), CHART_MAX_DAYS)
  const start = addDays(span.to, -(count - 1))
  // NOTE: counted, never "until the day passes span.to": past year 9999 a day string
  // ('+010000-01-01') sorts before its predecessor and such a loop never ends (issue 17).
  const chart: AnalyticsSummary['chart'] = []
  for (let i = 0; i < count; i++) {
    const day = addDays(start, i)
    chart.push({ day, views: byDay.get(day)?.views ?? 0, visitors: byDay.get(day)?.visitors ?? 0 })
  }
  return chart
}

export type SummaryOptions = {
  enabled: boolean
  today: string
  /** Rows per panel: the dashboard's ANALYTICS_PANEL_ROWS, an export's all. */
  panelRows?: number
  /** Tests compare the two sources on the same data. */
  forceHits?: boolean
}

export function summarise(sqlite: Database, query: SummaryQuery, { enabled, today, forceHits, panelRows = ANALYTICS_PANEL_ROWS }: SummaryOptions): AnalyticsSummary {
  const range = resolveRange(query, today, wantsAll(query) ? firstDay(sqlite) : null)
  const filters = filtersOf(query)
  const source = forceHits || Object.keys(filters).length ? hitsSource(sqlite, filters) : dailySource(sqlite)
  // All time before the first hit is an empty span: today alone, which holds nothing.
  const span: Span = { from: range.from ?? today, to: range.to ?? today }
  const totals = source.totals(span)
  const panels = source.panels(span, panelRows)
  const events = eventTotals(sqlite, span)

  const previousSpan = range.mode === 'all' ? null : { from: addDays(span.from, -daysIn(span)), to: addDays(span.from, -1) }
  const before: Totals = previousSpan ? source.totals(previousSpan) : { views: 0, uniquePaths: 0, visitors: 0 }

  return {
    range,
    totals,
    topPaths: source.topPaths(span),
    byDay: source.byDay(span),
    filters,
    previous: {
      from: previousSpan?.from ?? null,
      to: previousSpan?.to ?? null,
      totals: before,
      change: { views: percentChange(totals.views, before.views), visitors: percentChange(totals.visitors, before.visitors) },
    },
    chart: range.from ? fillDays(span, source.chart(span)) : [],
    panels,
    events: { bots: events.bot, notFound: events.notFound, feeds: events.feed, goals: panels.goal.reduce((n, r) => n + r.views, 0) },
    enabled,
  }
}
