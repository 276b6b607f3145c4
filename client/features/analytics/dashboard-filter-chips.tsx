// The active filters above the figures: one chip per dimension with its remove button, and
// 'Clear filters'. Nothing at all when no filter is on.
import type { AnalyticsFilters, FilterDimension } from '#src/contract/analytics'
import { activeFilters, DIMENSION_LABELS, displayValue } from './dashboard-filters'

type Props = { filters: AnalyticsFilters; onRemove: (dimension: FilterDimension) => void; onClear: () => void }

export function DashboardFilterChips({ filters, onRemove, onClear }: Props) {
  const active = activeFilters(filters)
  if (active.length === 0) return null
  return (
    <div className="dashboard-filters">
      <ul aria-label="Active filters" className="dashboard-chips">
        {active.map(({ dimension, value }) => {
          const text = `${DIMENSION_LABELS[dimension]}: ${displayValue(dimension, value)}`
          return (
            <li key={dimension} className="dashboard-chip">
              <span>{text}</span>
              <button type="button" aria-label={`Remove filter ${text}`} onClick={() => onRemove(dimension)}>
                ×
              </button>
            </li>
          )
        })}
      </ul>
      <button type="button" className="button" onClick={onClear}>
        Clear filters
      </button>
    </div>
  )
}
