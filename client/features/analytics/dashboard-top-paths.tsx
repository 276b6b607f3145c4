// The dashboard's most viewed paths of the range (spec section 2: path, views).
import type { PathCount } from '#src/contract/analytics'

export function DashboardTopPaths({ paths }: { paths: PathCount[] }) {
  return (
    <table className="dashboard-table dashboard-top-paths">
      <caption>Top paths</caption>
      <thead>
        <tr>
          <th scope="col">Path</th>
          <th scope="col" className="num">
            Views
          </th>
        </tr>
      </thead>
      <tbody>
        {paths.map((p) => (
          <tr key={p.path}>
            <td>
              <code>{p.path}</code>
            </td>
            <td className="num">{p.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
