// Analytics room: a panel, or the day sums of a range, as a CSV or JSON download.
import type { Database } from 'bun:sqlite'
import type { AnalyticsSummary, DailyAggregate, ExportQuery, PanelName } from '#src/contract/analytics'

/**
 * NOTE: values come from visitors (campaign names, paths); a cell starting with = + - @ (or a
 * tab or carriage return) would run as a formula in a spreadsheet, so it is prefixed with '.
 */
export function csvCell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const toCsv = (header: string[], rows: (string | number)[][]) => [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n'

export const PANEL_COLUMN: Record<PanelName, string> = {
  referrer: 'source',
  path: 'page',
  entry: 'entry_page',
  browser: 'browser',
  os: 'system',
  device: 'device',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  goal: 'goal',
  bot: 'reason',
  notFound: 'path',
  feed: 'feed',
}

/** The day sums of the range (filters do not apply: these are the stored aggregates themselves). */
export function dailyAggregates(sqlite: Database, from: string, to: string): DailyAggregate[] {
  return sqlite
    .query('SELECT day, dim AS dimension, value, hits AS views, visitors FROM analytics_daily WHERE day BETWEEN ? AND ? ORDER BY day, dim, hits DESC, value')
    .all(from, to) as DailyAggregate[]
}

export type Download = { body: string; type: string; filename: string }

export function panelDownload(summary: AnalyticsSummary, panel: PanelName, format: ExportQuery['format']): Download {
  const rows = summary.panels[panel]
  const name = `folio-${panel}-${summary.range.from ?? 'start'}-${summary.range.to}`
  if (format === 'json') return { body: JSON.stringify({ panel, range: summary.range, filters: summary.filters, rows }, null, 2), type: 'application/json', filename: `${name}.json` }
  return { body: toCsv([PANEL_COLUMN[panel], 'visitors', 'views'], rows.map((r) => [r.value, r.visitors, r.views])), type: 'text/csv; charset=utf-8', filename: `${name}.csv` }
}

export function dailyDownload(rows: DailyAggregate[], range: AnalyticsSummary['range'], format: ExportQuery['format']): Download {
  const name = `folio-daily-${range.from ?? 'start'}-${range.to}`
  if (format === 'json') return { body: JSON.stringify({ range, rows }, null, 2), type: 'application/json', filename: `${name}.json` }
  return { body: toCsv(['day', 'dimension', 'value', 'views', 'visitors'], rows.map((r) => [r.day, r.dimension, r.value, r.views, r.visitors])), type: 'text/csv; charset=utf-8', filename: `${name}.csv` }
}
