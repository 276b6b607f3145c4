// Renaming a passkey in place: its name in a field, Save or Cancel (Escape cancels too).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { PasskeyNameInput } from '#src/contract/auth'
import { errorMessageOf, isUnauthorized } from '#client/lib/admin-api'
import { SECURITY_TEXTS, useRenamePasskey, type PasskeyInfo } from './api'

export function PasskeyRenameForm({ passkey, onDone }: { passkey: PasskeyInfo; onDone: () => void }) {
  const [name, setName] = useState(passkey.name)
  const [invalid, setInvalid] = useState<string | null>(null)
  const rename = useRenamePasskey()
  const input = useRef<HTMLInputElement>(null)
  const id = `passkey-name-${passkey.id}`

  useEffect(() => input.current?.select(), [])

  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = PasskeyNameInput.safeParse({ name })
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? SECURITY_TEXTS.renameFailed)
    setInvalid(null)
    if (parsed.data.name === passkey.name) return onDone()
    rename.mutate({ id: passkey.id, name: parsed.data.name }, { onSuccess: onDone })
  }

  const error = invalid ?? (rename.isError && !isUnauthorized(rename.error) ? errorMessageOf(rename.error, SECURITY_TEXTS.renameFailed) : null)
  return (
    <form className="security-inline-form" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && onDone()} noValidate>
      <div className="field">
        <label htmlFor={id}>New name for “{passkey.name}”</label>
        <input
          ref={input}
          id={id}
          type="text"
          maxLength={60}
          value={name}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="security-actions">
        <button type="submit" className="button primary" disabled={rename.isPending}>
          {rename.isPending ? 'Saving…' : 'Save name'}
        </button>
        <button type="button" className="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}
