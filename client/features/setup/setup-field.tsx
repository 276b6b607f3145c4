// One labelled input of the setup form, its hint and its error read with it by screen readers.
import type { Ref } from 'react'

type Props = {
  id: string
  label: string
  type: 'email' | 'password'
  autoComplete: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: string
  inputRef?: Ref<HTMLInputElement>
}

export function SetupField({ id, label, type, autoComplete, value, onChange, error, hint, inputRef }: Props) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  // An error says what the hint said, and more: it takes the hint's place.
  const shownHint = error ? undefined : hint
  const describedBy = [shownHint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {shownHint && (
        <p id={hintId} className="hint">
          {shownHint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
