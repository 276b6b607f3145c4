// The dashboard's figures for one range: label, figures, then the chart, the tables and the
// panels, or only the empty text of spec section 2.
import type { AnalyticsSummary } from '#src/contract/analytics'
import { DashboardChart } from './dashboard-chart'
import { DashboardDailyTable } from './dashboard-daily-table'
import { DashboardFigures } from './dashboard-figures'
import type { DashboardView } from './dashboard-filters'
import type { OnFilter } from './dashboard-panel-table'
import { DashboardPanels } from './dashboard-panels'
import { rangeLabel } from './dashboard-range'
import { DashboardTopPaths } from './dashboard-top-paths'

export const NO_VIEWS = 'No page views recorded.'
export const NO_RANGE_DATA = 'No data for this range.'

type Props = { data: AnalyticsSummary; busy: boolean; neverRecorded: boolean; view: DashboardView; onFilter: OnFilter }

export function DashboardSummary({ data, busy, neverRecorded, view, onFilter }: Props) {
  const { range, totals, panels } = data
  return (
    <div className="dashboard-summary" aria-busy={busy}>
      <h2>{rangeLabel(range)}</h2>
      <DashboardFigures data={data} />
      {totals.views === 0 ? (
        // NOTE: a site that never recorded a view says so; a quiet range of a visited site gets the other text.
        // Spec section 2 shows no table then, so even bots and 404s of the range wait for its export.
        <p className="empty">{neverRecorded ? NO_VIEWS : NO_RANGE_DATA}</p>
      ) : (
        <>
          <DashboardChart summary={data} />
          <div className="dashboard-tables">
            <DashboardTopPaths paths={data.topPaths} />
            <DashboardDailyTable byDay={data.byDay} />
          </div>
          <DashboardPanels panels={panels} view={view} onFilter={onFilter} />
        </>
      )}
    </div>
  )
}
