import type { ReactNode } from 'react'

type Props = {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string
  /** Shown under the label and read with the field. */
  hint?: ReactNode
  multiline?: boolean
  type?: 'text' | 'email'
  autoComplete?: string
}

/** A labelled input or textarea with its hint and its error message wired up for screen readers. */
export function TextField({ id, name, label, value, onChange, error, hint, multiline, type = 'text', autoComplete }: Props) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name,
    value,
    required: true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  }
  return (
    <div className="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={8} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
