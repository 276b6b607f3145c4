// Download links for what the dashboard shows: a panel, or the raw daily aggregates, as CSV or
// JSON, for the same range and filters. Plain links: the server answers with an attachment.
import type { ExportQuery } from '#src/contract/analytics'
import { exportHref } from './api'
import type { DashboardView } from './dashboard-filters'

type ExportPanel = ExportQuery['panel']
type Format = ExportQuery['format']
const FORMATS: readonly Format[] = ['csv', 'json']

/** 'CSV' and 'JSON' links named 'Export {title} as CSV' for screen readers. */
export function DashboardExportLinks({ panel, title, view }: { panel: ExportPanel; title: string; view: DashboardView }) {
  return (
    <p className="dashboard-export">
      {FORMATS.map((format) => (
        <a key={format} href={exportHref(panel, format, view)} download aria-label={`Export ${title} as ${format.toUpperCase()}`}>
          {format.toUpperCase()}
        </a>
      ))}
    </p>
  )
}

/**
 * Near the range picker: every dimension's stored day sums, for a spreadsheet or a script. They
 * are the aggregates themselves, so the range applies and the filters do not (the link says so).
 */
export function DashboardDailyExport({ view }: { view: DashboardView }) {
  const unfiltered = { ...view, filters: {} }
  return (
    <p className="dashboard-export dashboard-daily-export">
      {Object.keys(view.filters).length > 0 && <span className="hint">Daily aggregates are not filtered.</span>}
      {FORMATS.map((format) => (
        <a key={format} className="button" href={exportHref('daily', format, unfiltered)} download>
          Export daily aggregates ({format.toUpperCase()})
        </a>
      ))}
    </p>
  )
}
