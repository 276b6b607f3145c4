// The chart's text alternative: every bar's days, views and visitors, for screen readers only.
import { barSpan, type Bar } from './dashboard-range'

// NOTE: hidden through a wrapper: a table itself ignores the 1px box of .visually-hidden.
export function DashboardChartTable({ bars, visitors }: { bars: Bar[]; visitors: (number | null)[] }) {
  const days = bars[0]?.days ?? 1
  return (
    <div className="visually-hidden">
      <table className="dashboard-chart-table">
        <caption>Views and visitors per {days === 1 ? 'day' : `${days} days`}</caption>
        <thead>
          <tr>
            <th scope="col">Days</th>
            <th scope="col">Views</th>
            <th scope="col">Visitors</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar, i) => (
            <tr key={bar.from}>
              <th scope="row">{barSpan(bar)}</th>
              <td>{bar.total}</td>
              <td>{visitors[i] ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
