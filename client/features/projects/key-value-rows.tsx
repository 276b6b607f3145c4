// Demo links and metrics edited as name/value rows (issue 20), kept in the form as the JSON text
// the contract's schema reads. A text that is no JSON object (an old draft) shows as raw JSON.
import { useEffect, useState } from 'react'
import { isSafeLink } from '#src/contract/input/content-fields'
import { repeatedKeys, rowsOf, textOf, type KeyValueRow } from '#client/lib/editor/key-value'
import { EditorField } from '#client/ui/editor/editor-field'
import { describedByOf, FieldNotes } from '#client/ui/editor/field-notes'

type Props = {
  name: 'demoLinks' | 'metrics'
  label: string
  keyLabel: string
  valueLabel: string
  addLabel: string
  help: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
}

export function KeyValueRows({ name, label, keyLabel, valueLabel, addLabel, help, value, onChange, error }: Props) {
  const id = `project-${name}`
  const [rows, setRows] = useState<KeyValueRow[]>(() => rowsOf(value) ?? [])
  const raw = rowsOf(value) === null

  // Values from outside (discard, a save, another tab) replace the rows; the rows' own text does not.
  useEffect(() => {
    setRows((current) => (textOf(current) === value ? current : (rowsOf(value) ?? current)))
  }, [value])

  if (raw) return <EditorField form="project" name={name} label={label} value={value} onChange={onChange} error={error} multiline rows={4} code help={help} />

  const edit = (next: KeyValueRow[]) => {
    setRows(next)
    const text = textOf(next)
    if (text !== value) onChange(text)
  }
  const set = (index: number, patch: Partial<KeyValueRow>) => edit(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)))
  const repeated = repeatedKeys(rows)
  const describedBy = describedByOf(id, help, error)
  // The error belongs to the rows: mark the ones it is about (an unsafe link), or all of them when
  // none is singled out, so it is announced on them and the form's focus-on-error reaches one.
  const bad = rows.map((row) => name === 'demoLinks' && row.key.trim() !== '' && row.value.trim() !== '' && !isSafeLink(row.value.trim()))
  const invalid = (index: number) => (error && (bad[index] || !bad.includes(true)) ? true : undefined)

  return (
    <fieldset className={`field editor-field key-value field-${name}`} id={id} aria-describedby={describedBy}>
      <legend>{label}</legend>
      {rows.length > 0 && (
        <ul className="key-value-rows">
          {rows.map((row, index) => {
            const n = index + 1
            return (
              <li key={index} className="key-value-row">
                <label className="visually-hidden" htmlFor={`${id}-key-${n}`}>{`${keyLabel} ${n}`}</label>
                <input id={`${id}-key-${n}`} type="text" placeholder={keyLabel} value={row.key} onChange={(e) => set(index, { key: e.target.value })} />
                <label className="visually-hidden" htmlFor={`${id}-value-${n}`}>{`${valueLabel} ${n}`}</label>
                <input id={`${id}-value-${n}`} type="text" placeholder={valueLabel} value={row.value} aria-invalid={invalid(index)} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => set(index, { value: e.target.value })} />
                <button type="button" className="button small" onClick={() => edit(rows.filter((_, i) => i !== index))}>
                  Remove<span className="visually-hidden">{` ${row.key.trim() || `row ${n}`}`}</span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
      <button type="button" className="button small" onClick={() => setRows([...rows, { key: '', value: '' }])}>
        {addLabel}
      </button>
      <FieldNotes id={id} help={help} error={error} />
      {repeated.length > 0 && <p className="help">{`Used more than once, only the last row is kept: ${repeated.join(', ')}.`}</p>}
    </fieldset>
  )
}
