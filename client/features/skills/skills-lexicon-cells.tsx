// The editable cells of a lexicon row, saved or new: each with its plain-words label (hidden
// above a phone's width, where the table's header names the column).
import type { RowDraft, RowField } from './skills-lexicon-draft'

type TextField = Exclude<RowField, 'enabled'>

/** The spec's names (Bucket, Patterns, Tag hints) in words a new owner reads without a manual. */
export const LEXICON_COLUMNS: { field: TextField; label: string; help?: string }[] = [
  { field: 'name', label: 'Name' },
  { field: 'bucket', label: 'Category' },
  { field: 'patterns', label: 'Matches text containing', help: 'Comma-separated' },
  { field: 'tagHints', label: 'Counts projects tagged', help: 'Comma-separated' },
]

type Props = {
  value: RowDraft
  errors: Partial<Record<RowField, string>>
  dom: (field: string) => string
  edit: <K extends RowField>(field: K, v: RowDraft[K]) => void
}

export function LexiconCells({ value, errors, dom, edit }: Props) {
  return (
    <>
      {LEXICON_COLUMNS.map(({ field, label, help }) => (
        <td key={field} className={`lexicon-cell lexicon-${field}`}>
          <label className="lexicon-cell-label" htmlFor={dom(field)}>
            {label}
            {help && <span className="visually-hidden"> ({help.toLowerCase()})</span>}
          </label>
          <input
            id={dom(field)}
            type="text"
            value={value[field]}
            placeholder={help}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? dom(`${field}-error`) : undefined}
            onChange={(e) => edit(field, e.target.value)}
          />
          {errors[field] && (
            <p className="field-error" id={dom(`${field}-error`)}>
              {errors[field]}
            </p>
          )}
        </td>
      ))}
      <td className="lexicon-enabled">
        <input id={dom('enabled')} type="checkbox" checked={value.enabled} onChange={(e) => edit('enabled', e.target.checked)} />
        <label className="lexicon-cell-label" htmlFor={dom('enabled')}>
          Enabled
        </label>
      </td>
    </>
  )
}
