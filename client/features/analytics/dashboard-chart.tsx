// A small chart of each day of the range (inline SVG, no library): page views as bars, unique
// visitors as a line over them. The label sums it up; a hidden table gives every figure.
import { useId } from 'react'
import type { AnalyticsSummary } from '#src/contract/analytics'
import { DashboardChartTable } from './dashboard-chart-table'
import { barSpan as span, barVisitors, chartBars, type Bar } from './dashboard-range'

/** Past this many days, consecutive days share a bar (all time, wide custom ranges). */
const MAX_BARS = 120
/** A short range keeps slim bars, right-aligned (today at the right edge), instead of a few wide slabs. */
const MIN_SLOTS = 30
const BAR = 10
const GAP = 2
const HEIGHT = 100

const views = (n: number) => `${n} ${n === 1 ? 'view' : 'views'}`
const visitorsText = (n: number | null) => (n === null ? 'visitors unknown' : `${n} ${n === 1 ? 'visitor' : 'visitors'}`)

export function describeChart(bars: Bar[]): string {
  const first = bars[0]
  const last = bars[bars.length - 1]
  if (!first || !last) return 'No page views to chart.'
  const total = bars.reduce((sum, b) => sum + b.total, 0)
  const peak = bars.reduce((best, b) => (b.total > best.total ? b : best), first)
  const unit = first.days === 1 ? 'day' : `${first.days} days`
  return `Bar chart of page views per ${unit} from ${first.from} to ${last.to}: ${views(total)} in total, the most on ${span(peak)} (${views(peak.total)}).`
}

/** The line's sentence, kept apart from the label so the label stays about views. */
export function describeVisitors(bars: Bar[], visitors: (number | null)[]): string {
  const known = bars.flatMap((bar, i) => (visitors[i] == null ? [] : [{ bar, n: visitors[i] }]))
  const peak = known.reduce<(typeof known)[number] | undefined>((best, k) => (!best || k.n > best.n ? k : best), undefined)
  if (!peak) return 'No visitor figures for this range.'
  return `The line shows unique visitors: the most on ${span(peak.bar)} (${visitorsText(peak.n)}).`
}

/** The visitors line: one segment per run of bars with known figures. */
function linePath(visitors: (number | null)[], x: (i: number) => number, y: (n: number) => number): string {
  return visitors.map((n, i) => (n === null ? '' : `${i > 0 && visitors[i - 1] != null ? 'L' : 'M'}${x(i)},${y(n)}`)).join(' ')
}

export function DashboardChart({ summary }: { summary: AnalyticsSummary }) {
  const descriptionId = useId()
  const bars = chartBars(summary, MAX_BARS)
  if (bars.length === 0) return null
  const visitors = barVisitors(summary, bars)
  const max = Math.max(0, ...bars.map((b) => b.total))
  const scale = Math.max(max, ...visitors.map((n) => n ?? 0))
  const y = (n: number) => HEIGHT - (scale === 0 ? 0 : (n / scale) * (HEIGHT - 4))
  const first = bars[0]!
  const last = bars[bars.length - 1]!
  const slots = Math.max(bars.length, MIN_SLOTS)
  const offset = slots - bars.length
  const width = slots * (BAR + GAP)
  const x = (i: number) => (offset + i) * (BAR + GAP)
  return (
    <div className="dashboard-chart">
      <p className="dashboard-chart-max" aria-hidden="true">
        <span>highest bar: {views(max)}</span>
        <span className="dashboard-chart-legend">
          <span className="key-views">Views (bars)</span> <span className="key-visitors">Visitors (line)</span>
        </span>
      </p>
      <svg role="img" aria-label={describeChart(bars)} aria-describedby={descriptionId} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" focusable="false">
        <line className="dashboard-chart-axis" x1={x(0)} y1={HEIGHT} x2={width} y2={HEIGHT} />
        {bars.map((bar, i) => (
          <rect key={bar.from} className="dashboard-chart-bar" x={x(i)} y={y(bar.total)} width={BAR} height={HEIGHT - y(bar.total)} data-total={bar.total}>
            <title>{`${span(bar)}: ${views(bar.total)}, ${visitorsText(visitors[i] ?? null)}`}</title>
          </rect>
        ))}
        <path className="dashboard-chart-visitors" d={linePath(visitors, (i) => x(i) + BAR / 2, y)} />
      </svg>
      <p id={descriptionId} className="visually-hidden">
        {describeVisitors(bars, visitors)} Every figure is in the table that follows.
      </p>
      <DashboardChartTable bars={bars} visitors={visitors} />
      {/* The scale repeats what the label says, for sighted readers only. */}
      <p className="dashboard-chart-scale" aria-hidden="true" style={{ paddingLeft: `min(${(offset / slots) * 100}%, calc(100% - 12rem))` }}>
        {first.from !== last.to && <span>{first.from}</span>}
        <span className="last">{last.to}</span>
      </p>
    </div>
  )
}
