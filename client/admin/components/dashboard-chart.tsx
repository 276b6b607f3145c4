// A small bar chart of page views per day (inline SVG): a glance before the tables below.
import type { AnalyticsSummary } from '../../../src/contract/analytics'
import { chartBars, type Bar } from './dashboard-range'

/** Past this many days, consecutive days share a bar (all time, wide custom ranges). */
const MAX_BARS = 120
/** A short range keeps slim bars, right-aligned (today at the right edge), instead of a few wide slabs. */
const MIN_SLOTS = 30
const BAR = 10
const GAP = 2
const HEIGHT = 100

const span = (bar: Bar) => (bar.days === 1 ? bar.from : `${bar.from} to ${bar.to}`)
const views = (n: number) => `${n} ${n === 1 ? 'view' : 'views'}`

export function describeChart(bars: Bar[]): string {
  const first = bars[0]
  const last = bars[bars.length - 1]
  if (!first || !last) return 'No page views to chart.'
  const total = bars.reduce((sum, b) => sum + b.total, 0)
  const peak = bars.reduce((best, b) => (b.total > best.total ? b : best), first)
  const unit = first.days === 1 ? 'day' : `${first.days} days`
  return `Bar chart of page views per ${unit} from ${first.from} to ${last.to}: ${views(total)} in total, the most on ${span(peak)} (${views(peak.total)}).`
}

export function DashboardChart({ summary }: { summary: AnalyticsSummary }) {
  const bars = chartBars(summary, MAX_BARS)
  if (bars.length === 0) return null
  const max = Math.max(0, ...bars.map((b) => b.total))
  const first = bars[0]!
  const last = bars[bars.length - 1]!
  const slots = Math.max(bars.length, MIN_SLOTS)
  const offset = slots - bars.length
  const width = slots * (BAR + GAP)
  return (
    <div className="dashboard-chart">
      <p className="dashboard-chart-max" aria-hidden="true">
        highest bar: {views(max)}
      </p>
      <svg role="img" aria-label={describeChart(bars)} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" focusable="false">
        <line className="dashboard-chart-axis" x1={offset * (BAR + GAP)} y1={HEIGHT} x2={width} y2={HEIGHT} />
        {bars.map((bar, i) => {
          const h = max === 0 ? 0 : (bar.total / max) * (HEIGHT - 4)
          return (
            <rect key={bar.from} className="dashboard-chart-bar" x={(offset + i) * (BAR + GAP)} y={HEIGHT - h} width={BAR} height={h} data-total={bar.total}>
              <title>{`${span(bar)}: ${views(bar.total)}`}</title>
            </rect>
          )
        })}
      </svg>
      {/* The scale repeats what the label says, for sighted readers only. */}
      <p className="dashboard-chart-scale" aria-hidden="true" style={{ paddingLeft: `min(${(offset / slots) * 100}%, calc(100% - 12rem))` }}>
        {first.from !== last.to && <span>{first.from}</span>}
        <span className="last">{last.to}</span>
      </p>
    </div>
  )
}
