// One labelled field of the project and post editors: its help text and its error beside it.
import type { ReactNode } from 'react'
import { describedByOf, FieldNotes } from './field-notes'

type Props = {
  /** The form's id prefix; the control gets `${form}-${name}`. */
  form: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  error?: string | undefined
  help?: ReactNode
  multiline?: boolean
  rows?: number
  /** Monospace text (markdown, JSON). */
  code?: boolean
  type?: 'text' | 'number' | 'datetime-local'
  /** A select of these choices instead of a text input. */
  options?: readonly { value: string; label: string }[]
  required?: boolean
  placeholder?: string
  /** Extra controls under the field (an upload button). */
  children?: ReactNode
}

export function EditorField({ form, name, label, value, onChange, onBlur, error, help, multiline, rows, code, type = 'text', options, required, placeholder, children }: Props) {
  const id = `${form}-${name}`
  const describedBy = describedByOf(id, help, error)
  const common = {
    id,
    name,
    value,
    onBlur,
    placeholder,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: code ? 'code-input' : undefined,
  }
  return (
    <div className={`field editor-field field-${name}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {options ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : multiline ? (
        <textarea {...common} rows={rows ?? 4} spellCheck={code ? false : undefined} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={type === 'number' ? 'numeric' : undefined} min={type === 'number' ? 1 : undefined} step={type === 'number' ? 1 : undefined} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldNotes id={id} help={help} error={error} />
      {children}
    </div>
  )
}
