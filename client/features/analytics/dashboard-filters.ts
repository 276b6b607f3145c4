// The dashboard's filters: one value per dimension, named for chips, and the query every summary
// and export request carries (range params plus one param per active dimension).
import { FILTER_DIMENSIONS, NONE_VALUE, type AnalyticsFilters, type FilterDimension } from '#src/contract/analytics'
import type { Query } from '#client/lib/api'
import { rangeQuery, type DashboardRange } from './dashboard-range'

/** What the dashboard is looking at: a range and the filters applied to it. */
export type DashboardView = { range: DashboardRange; filters: AnalyticsFilters }

/** How a chip names a dimension ('Source: news.ycombinator.com'). */
export const DIMENSION_LABELS: Record<FilterDimension, string> = {
  referrer: 'Source',
  path: 'Page',
  entry: 'Entry page',
  browser: 'Browser',
  os: 'System',
  device: 'Device',
  utmSource: 'Campaign source',
  utmMedium: 'Campaign medium',
  utmCampaign: 'Campaign',
}

/** The server stores "none" (a direct visit, no campaign) as ''; a filter cannot be empty, so it says NONE_VALUE. */
export const filterValueOf = (value: string) => (value === '' ? NONE_VALUE : value)

/** A row's or a chip's value as shown: the referrer's none reads 'Direct / none', any other '(none)'. */
export function displayValue(dimension: FilterDimension | null, value: string): string {
  if (value !== '' && value !== NONE_VALUE) return value
  return dimension === 'referrer' ? 'Direct / none' : NONE_VALUE
}

/** Clicking a row: filters by it, replaces the dimension's other value, or (the active row) removes it. */
export function toggleFilter(filters: AnalyticsFilters, dimension: FilterDimension, rowValue: string): AnalyticsFilters {
  const value = filterValueOf(rowValue)
  return filters[dimension] === value ? removeFilter(filters, dimension) : { ...filters, [dimension]: value }
}

export function removeFilter(filters: AnalyticsFilters, dimension: FilterDimension): AnalyticsFilters {
  const { [dimension]: _removed, ...rest } = filters
  return rest
}

/** The active filters in the contract's dimension order, so chips and queries never reshuffle. */
export const activeFilters = (filters: AnalyticsFilters) =>
  FILTER_DIMENSIONS.flatMap((d) => {
    const value = filters[d]
    return value === undefined ? [] : [{ dimension: d, value }]
  })

export function viewQuery({ range, filters }: DashboardView): Query {
  const query: Query = rangeQuery(range)
  for (const { dimension, value } of activeFilters(filters)) query[dimension] = value
  return query
}
