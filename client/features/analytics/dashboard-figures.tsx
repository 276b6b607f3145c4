// The dashboard's figures for one range (spec section 2 plus visitors): views and visitors with
// their change against the period before, unique paths, and where the range starts and ends.
import type { AnalyticsSummary } from '#src/contract/analytics'
import { describeChange } from './dashboard-change'

function Change({ change, previous }: { change: number | null; previous: AnalyticsSummary['previous'] }) {
  const { text, trend } = describeChange(change, previous)
  const period = previous.from && previous.to ? `${previous.from} to ${previous.to}` : undefined
  return (
    <dd className="dashboard-change" data-trend={trend} title={period}>
      {text}
    </dd>
  )
}

export function DashboardFigures({ data }: { data: AnalyticsSummary }) {
  const { range, totals, previous } = data
  return (
    <dl className="dashboard-figures">
      <div>
        <dt>Total views</dt>
        <dd>{totals.views}</dd>
        <Change change={previous.change.views} previous={previous} />
      </div>
      <div>
        <dt>Unique visitors</dt>
        <dd>{totals.visitors}</dd>
        <Change change={previous.change.visitors} previous={previous} />
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
  )
}
