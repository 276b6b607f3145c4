// The field for a second factor: the authenticator's 6 digits, or a recovery code. NOTE: a phone
// shows digits only for inputMode numeric, and recovery codes have letters: "Use a recovery code
// instead" switches the keyboard (and the label) to text.
import { useRef, useState, type Ref } from 'react'

type Props = {
  id: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  inputRef?: Ref<HTMLInputElement>
}

export function SecondFactorField({ id, value, onChange, error, inputRef }: Props) {
  const [recovery, setRecovery] = useState(false)
  const own = useRef<HTMLInputElement | null>(null)
  const setInput = (el: HTMLInputElement | null) => {
    own.current = el
    if (typeof inputRef === 'function') inputRef(el)
    else if (inputRef) inputRef.current = el
  }
  const switchKind = () => {
    setRecovery(!recovery)
    own.current?.focus()
  }
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className="field second-factor-field">
      <label htmlFor={id}>{recovery ? 'Recovery code' : 'Authenticator code'}</label>
      <input
        ref={setInput}
        id={id}
        type="text"
        inputMode={recovery ? 'text' : 'numeric'}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="hint">
        {recovery
          ? 'One of the recovery codes you saved, like k3m9x-p2q7r. Each one works once.'
          : 'The 6 digits your authenticator app shows now. A recovery code works here too.'}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="security-text-button" onClick={switchKind}>
        {recovery ? 'Use the authenticator app instead' : 'Use a recovery code instead'}
      </button>
    </div>
  )
}
