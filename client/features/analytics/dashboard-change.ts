// How a figure compares with the period before: '+12.5% vs previous 30 days', '−4% vs previous
// 30 days' or 'no previous data'. The sign and the words carry the meaning; colour only echoes it.
import type { AnalyticsSummary } from '#src/contract/analytics'
import { daysInclusive } from './dashboard-range'

export type Trend = 'up' | 'down' | 'flat' | 'none'
export const NO_PREVIOUS = 'no previous data'

/** 'previous 30 days', 'previous day', or 'previous period' when the server gave no dates. */
export function previousLabel({ from, to }: AnalyticsSummary['previous']): string {
  if (!from || !to) return 'previous period'
  const days = daysInclusive(from, to)
  return days === 1 ? 'previous day' : `previous ${days} days`
}

export function describeChange(change: number | null, previous: AnalyticsSummary['previous']): { text: string; trend: Trend } {
  if (change === null) return { text: NO_PREVIOUS, trend: 'none' }
  // One decimal at most, and never '−0%': a change that rounds to nothing is no change.
  const size = Math.round(Math.abs(change) * 10) / 10
  const trend: Trend = size === 0 ? 'flat' : change > 0 ? 'up' : 'down'
  const sign = trend === 'up' ? '+' : trend === 'down' ? '\u2212' : ''
  return { text: `${sign}${size}% vs ${previousLabel(previous)}`, trend }
}
