// One labelled settings control (text, url, email or markdown), its help and its error beside it.
import type { ReactNode } from 'react'
import { describedByOf, FieldNotes } from '#client/ui/editor/field-notes'

type Props = {
  /** The control's id; help and error ids derive from it. */
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  help?: ReactNode
  type?: 'text' | 'url' | 'email'
  /** A textarea of this many rows. */
  rows?: number
  code?: boolean
  maxLength?: number
  required?: boolean
  placeholder?: string
  autoComplete?: string
}

export function SettingsField({ id, label, value, onChange, error, help, type = 'text', rows, code, maxLength, required, placeholder, autoComplete = 'off' }: Props) {
  const common = {
    id,
    value,
    maxLength,
    required,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedByOf(id, help, error),
    className: code ? 'code-input' : undefined,
  }
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} spellCheck={code ? false : undefined} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} spellCheck={type === 'text' ? undefined : false} onChange={(e) => onChange(e.target.value)} />
      )}
      <FieldNotes id={id} help={help} error={error} />
    </div>
  )
}
