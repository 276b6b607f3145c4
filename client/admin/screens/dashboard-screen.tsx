// /admin (spec sections 2, 3 and 9): analytics for a range and the filters picked from its
// panels, as figures, a chart, the top paths, the daily totals and the panels; a live figure;
// the stats tokens. 'Failed to load analytics' when the summary fails. Above them, while the demo
// seed's items are left, the sample content notice (issue 19).
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { AnalyticsFilters } from '#src/contract/analytics'
import { analyticsQuery } from '#client/features/analytics/api'
import { DashboardDailyExport } from '#client/features/analytics/dashboard-export-links'
import { DashboardFilterChips } from '#client/features/analytics/dashboard-filter-chips'
import { activeFilters, removeFilter, toggleFilter } from '#client/features/analytics/dashboard-filters'
import { DashboardLive } from '#client/features/analytics/dashboard-live'
import { DEFAULT_RANGE, type DashboardRange } from '#client/features/analytics/dashboard-range'
import { DashboardRangePicker } from '#client/features/analytics/dashboard-range-picker'
import { DashboardSummary } from '#client/features/analytics/dashboard-summary'
import { StatsTokens } from '#client/features/analytics/stats-tokens'
import { SampleContentNotice } from '#client/features/settings/sample-content-notice'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'

export const ANALYTICS_OFF = 'Analytics are off (ANALYTICS=off): nothing is being counted.'

export function DashboardScreen() {
  const [range, setRange] = useState<DashboardRange>(DEFAULT_RANGE)
  const [filters, setFilters] = useState<AnalyticsFilters>({})
  const view = { range, filters }
  const summary = useQuery({ ...analyticsQuery(range, filters), placeholderData: keepPreviousData })
  // An empty range is either a quiet one or a site that never recorded a view: only all time,
  // unfiltered, tells. The data's own range and filters count, since a placeholder may be shown.
  const data = summary.data
  const unfilteredAllTime = data?.range.mode === 'all' && activeFilters(data.filters).length === 0
  const allTime = useQuery({ ...analyticsQuery({ kind: 'all' }), enabled: data?.totals.views === 0 && !unfilteredAllTime })
  const neverRecorded = unfilteredAllTime ? data.totals.views === 0 : allTime.data?.totals.views === 0

  useEffect(() => {
    if (isUnauthorized(summary.error)) reportSessionEnded()
  }, [summary.error])

  return (
    <section className="screen dashboard" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">Dashboard</h1>
      <SampleContentNotice />
      {data?.enabled === false && <p className="dashboard-off">{ANALYTICS_OFF}</p>}
      <DashboardLive />
      <div className="dashboard-controls">
        <DashboardRangePicker range={range} onChange={setRange} />
        <DashboardDailyExport view={view} />
      </div>
      <DashboardFilterChips filters={filters} onRemove={(d) => setFilters((f) => removeFilter(f, d))} onClear={() => setFilters({})} />
      {summary.isPending && <p role="status">Loading…</p>}
      {summary.isError && (
        <p className="form-error" role="alert">
          {errorMessageOf(summary.error, 'Failed to load analytics')}
        </p>
      )}
      {data && !summary.isError && (
        <DashboardSummary data={data} busy={summary.isPlaceholderData} neverRecorded={neverRecorded} view={view} onFilter={(d, value) => setFilters((f) => toggleFilter(f, d, value))} />
      )}
      <StatsTokens />
    </section>
  )
}
