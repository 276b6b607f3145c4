// The dashboard's daily totals (spec section 2): day, total and the day's first 3 paths.
import type { AnalyticsSummary } from '#src/contract/analytics'

const PATHS_SHOWN = 3

/** Newest day first: the admin usually wants to know about yesterday, not day one of the range. */
export function DashboardDailyTable({ byDay }: { byDay: AnalyticsSummary['byDay'] }) {
  const days = [...byDay].reverse()
  return (
    <table className="dashboard-table dashboard-daily">
      <caption>Daily totals</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col" className="num">
            Total
          </th>
          <th scope="col">Top paths</th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.day}>
            <th scope="row">
              <time dateTime={d.day}>{d.day}</time>
            </th>
            <td className="num">{d.total}</td>
            <td>
              <ul className="dashboard-day-paths">
                {d.paths.slice(0, PATHS_SHOWN).map((p) => (
                  <li key={p.path}>
                    <code>{p.path}</code> ({p.count})
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
