// /admin (spec sections 2, 3 and 9): page-view analytics for a range, as figures, a chart of
// daily totals, the top paths and the daily totals; 'Failed to load analytics' when it fails.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { AnalyticsSummary } from '../../../src/contract/analytics'
import { adminApi, isUnauthorized, reportSessionEnded } from '../api'
import { DEFAULT_RANGE, rangeQuery, type DashboardRange } from '../components/dashboard-range'
import { DashboardRangePicker } from '../components/dashboard-range-picker'
import { DashboardSummary } from '../components/dashboard-summary'
import { errorMessageOf } from '../errors'

export const analyticsQuery = (range: DashboardRange) => ({
  queryKey: ['admin', 'analytics', range] as const,
  queryFn: () => adminApi.get<AnalyticsSummary>('/admin/analytics/summary', { query: rangeQuery(range) }),
})

export function DashboardScreen() {
  const [range, setRange] = useState<DashboardRange>(DEFAULT_RANGE)
  const summary = useQuery({ ...analyticsQuery(range), placeholderData: keepPreviousData })
  // An empty range is either a quiet one or a site that never recorded a view: only all time tells.
  const emptyRange = summary.data?.totals.views === 0 && summary.data.range.mode !== 'all'
  const allTime = useQuery({ ...analyticsQuery({ kind: 'all' }), enabled: emptyRange })
  const neverRecorded = summary.data?.range.mode === 'all' ? summary.data.totals.views === 0 : allTime.data?.totals.views === 0

  useEffect(() => {
    if (isUnauthorized(summary.error)) reportSessionEnded()
  }, [summary.error])

  return (
    <section className="screen dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <DashboardRangePicker range={range} onChange={setRange} />
      {summary.isPending && <p role="status">Loading…</p>}
      {summary.isError && (
        <p className="form-error" role="alert">
          {errorMessageOf(summary.error, 'Failed to load analytics')}
        </p>
      )}
      {summary.data && !summary.isError && <DashboardSummary data={summary.data} busy={summary.isPlaceholderData} neverRecorded={neverRecorded} />}
    </section>
  )
}
