// One analytics panel as a small table: the value, then its counts. A visit panel's values are
// toggle buttons that filter the whole dashboard; an event panel's are plain text.
import type { FilterDimension, PanelName, PanelRow } from '#src/contract/analytics'
import { DIMENSION_LABELS, displayValue, filterValueOf, type DashboardView } from './dashboard-filters'
import { EMPTY_PANEL, isVisitPanel, PANEL_META } from './dashboard-panel-meta'

export type OnFilter = (dimension: FilterDimension, rowValue: string) => void
type Props = { name: PanelName; rows: PanelRow[]; labelledBy: string; view: DashboardView; onFilter: OnFilter }

export function DashboardPanelTable({ name, rows, labelledBy, view, onFilter }: Props) {
  if (rows.length === 0) return <p className="dashboard-panel-empty">{EMPTY_PANEL}</p>
  const { valueHeader, columns } = PANEL_META[name]
  const first = columns[0]!.count
  // Bars are relative to the panel's top row, so the longest is always full width.
  const max = Math.max(1, ...rows.map((r) => r[first]))
  return (
    <table className="dashboard-table dashboard-panel-table" aria-labelledby={labelledBy} data-panel={name}>
      <thead>
        <tr>
          <th scope="col">{valueHeader}</th>
          {columns.map((c) => (
            <th key={c.header} scope="col" className="num">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const shown = displayValue(isVisitPanel(name) ? name : null, row.value)
          const bar = <span className="dashboard-row-bar" aria-hidden="true" style={{ inlineSize: `${(row[first] / max) * 100}%` }} />
          return (
            <tr key={row.value}>
              <th scope="row" className="dashboard-row-value">
                {isVisitPanel(name) ? (
                  <button type="button" className="dashboard-row-filter" aria-pressed={view.filters[name] === filterValueOf(row.value)} onClick={() => onFilter(name, row.value)}>
                    {bar}
                    <span className="visually-hidden">Filter by {DIMENSION_LABELS[name]}: </span>
                    <span className="dashboard-row-label">{shown}</span>
                  </button>
                ) : (
                  <>
                    {bar}
                    <span className="dashboard-row-label">{shown}</span>
                  </>
                )}
              </th>
              {columns.map((c) => (
                <td key={c.header} className="num">
                  {row[c.count]}
                </td>
              ))}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
