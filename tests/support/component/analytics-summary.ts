// Analytics summaries for component tests, built from the days' views the way the server builds
// them: totals, top paths and a chart of every day follow from `byDay`; the rest is overridable.
import { CHART_MAX_DAYS, PANEL_NAMES, type AnalyticsSummary, type PanelName, type PanelRow, type SummaryRange } from '#src/contract/analytics'

type Day = AnalyticsSummary['byDay'][number]

/** The fixture's rule for a day's unique visitors: half its views, rounded up. */
export const visitorsOf = (views: number) => Math.ceil(views / 2)

export function emptyPanels(): Record<PanelName, PanelRow[]> {
  const panels: Partial<Record<PanelName, PanelRow[]>> = {}
  for (const name of PANEL_NAMES) panels[name] = []
  return panels as Record<PanelName, PanelRow[]>
}

export const row = (value: string, visitors: number, views = visitors): PanelRow => ({ value, visitors, views })

function everyDay(from: string, to: string): string[] {
  const days: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10))
  return days
}

export function analyticsSummary(range: SummaryRange, byDay: Day[] = [], over: Partial<AnalyticsSummary> = {}): AnalyticsSummary {
  const counts = new Map<string, number>()
  for (const d of byDay) for (const p of d.paths) counts.set(p.path, (counts.get(p.path) ?? 0) + p.count)
  const topPaths = [...counts].map(([path, count]) => ({ path, count })).sort((a, b) => b.count - a.count)
  const perDay = new Map(byDay.map((d) => [d.day, d.total]))
  const days = range.from && range.to ? everyDay(range.from, range.to).slice(-CHART_MAX_DAYS) : []
  const chart = days.map((day) => ({ day, views: perDay.get(day) ?? 0, visitors: visitorsOf(perDay.get(day) ?? 0) }))
  const views = byDay.reduce((s, d) => s + d.total, 0)
  const visitors = byDay.reduce((s, d) => s + visitorsOf(d.total), 0)
  return {
    range,
    totals: { views, uniquePaths: counts.size, visitors },
    topPaths,
    byDay,
    filters: {},
    previous: { from: null, to: null, totals: { views: 0, uniquePaths: 0, visitors: 0 }, change: { views: null, visitors: null } },
    chart,
    panels: emptyPanels(),
    events: { bots: 0, notFound: 0, feeds: 0, goals: 0 },
    enabled: true,
    ...over,
  }
}
