// The dashboard's figures for one range: label, totals, start and end, then the chart and the
// tables, or the empty text of spec section 2.
import type { AnalyticsSummary } from '../../../src/contract/analytics'
import { DashboardChart } from './dashboard-chart'
import { DashboardDailyTable } from './dashboard-daily-table'
import { rangeLabel } from './dashboard-range'
import { DashboardTopPaths } from './dashboard-top-paths'

export const NO_VIEWS = 'No page views recorded.'
export const NO_RANGE_DATA = 'No data for this range.'

export function DashboardSummary({ data, busy, neverRecorded }: { data: AnalyticsSummary; busy: boolean; neverRecorded: boolean }) {
  const { range, totals } = data
  return (
    <div className="dashboard-summary" aria-busy={busy}>
      <h2>{rangeLabel(range)}</h2>
      <dl className="dashboard-figures">
        <div>
          <dt>Total views</dt>
          <dd>{totals.views}</dd>
        </div>
        <div>
          <dt>Unique paths</dt>
          <dd>{totals.uniquePaths}</dd>
        </div>
        <div>
          <dt>Range start</dt>
          <dd>{range.from ?? '–'}</dd>
        </div>
        <div>
          <dt>Range end</dt>
          <dd>{range.to ?? '–'}</dd>
        </div>
      </dl>
      {totals.views === 0 ? (
        // NOTE: a site that never recorded a view says so; a quiet range of a visited site gets the other text.
        <p className="empty">{neverRecorded ? NO_VIEWS : NO_RANGE_DATA}</p>
      ) : (
        <>
          <DashboardChart summary={data} />
          <div className="dashboard-tables">
            <DashboardTopPaths paths={data.topPaths} />
            <DashboardDailyTable byDay={data.byDay} />
          </div>
        </>
      )}
    </div>
  )
}
