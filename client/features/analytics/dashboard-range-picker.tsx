// The dashboard's range choice: Last 7, 30 or 90 days, All time, or a custom From/To range.
// The custom dates are a draft (sessionStorage), so a reload or a lapsed session keeps them.
import { useState, type FormEvent } from 'react'
import { isCalendarDay } from '#src/contract/analytics'
import { useDraft } from '#client/lib/use-draft'
import { PRESETS, type DashboardRange } from './dashboard-range'

export const CUSTOM_DRAFT_KEY = 'admin:dashboard:custom-range'
export const CUSTOM_RANGE_ERROR = 'Pick a From date and a To date, From on or before To.'

type Props = { range: DashboardRange; onChange: (range: DashboardRange) => void }

export function DashboardRangePicker({ range, onChange }: Props) {
  const [custom, setCustom] = useDraft(CUSTOM_DRAFT_KEY, { from: '', to: '' })
  const [error, setError] = useState<string | null>(null)

  function apply(e: FormEvent) {
    e.preventDefault()
    const { from, to } = custom
    if (!isCalendarDay(from) || !isCalendarDay(to) || from > to) {
      setError(CUSTOM_RANGE_ERROR)
      return
    }
    setError(null)
    onChange({ kind: 'custom', from, to })
  }

  const pressed = (r: DashboardRange) =>
    r.kind === range.kind && (r.kind !== 'days' || (range.kind === 'days' && r.days === range.days))
  const presets: [string, DashboardRange][] = [
    ...PRESETS.map((days): [string, DashboardRange] => [`Last ${days} days`, { kind: 'days', days }]),
    ['All time', { kind: 'all' }],
  ]

  return (
    <div className="dashboard-ranges">
      <div role="group" aria-label="Range" className="segmented">
        {presets.map(([label, r]) => (
          <button key={label} type="button" className="button" aria-pressed={pressed(r)} onClick={() => onChange(r)}>
            {label}
          </button>
        ))}
      </div>
      <form className="dashboard-custom" aria-label="Custom range" onSubmit={apply} noValidate>
        <div className="field">
          <label htmlFor="range-from">From</label>
          <input id="range-from" type="date" value={custom.from} onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))} />
        </div>
        <div className="field">
          <label htmlFor="range-to">To</label>
          <input id="range-to" type="date" value={custom.to} onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))} />
        </div>
        <button type="submit" className="button">
          Apply
        </button>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </div>
  )
}
