// "Add a passkey": a name (the kind of device, to start with), then the browser's own passkey
// dialog. Says so plainly when the browser has no passkeys or the dialog was cancelled.
import { useState, type FormEvent } from 'react'
import { PasskeyNameInput } from '#src/contract/auth'
import { isUnauthorized } from '#client/lib/admin-api'
import { useToast } from '#client/ui/toast'
import { SECURITY_TEXTS, useAddPasskey } from './api'
import { defaultPasskeyName, hasWebAuthn, NO_WEBAUTHN, passkeyErrorText } from './webauthn'

const ID = 'passkey-new-name'

export function PasskeyAddForm() {
  const [name, setName] = useState(defaultPasskeyName)
  const [invalid, setInvalid] = useState<string | null>(null)
  const add = useAddPasskey()
  const notify = useToast()
  if (!hasWebAuthn()) return <p className="security-note">{NO_WEBAUTHN}</p>

  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = PasskeyNameInput.safeParse({ name })
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? SECURITY_TEXTS.addFailed)
    setInvalid(null)
    add.mutate(parsed.data.name, {
      onSuccess: (passkey) => {
        notify(`Passkey “${passkey.name}” added.`, 'success')
        setName(defaultPasskeyName())
      },
    })
  }

  const error = invalid ?? (add.isError && !isUnauthorized(add.error) ? passkeyErrorText(add.error, SECURITY_TEXTS.addFailed) : null)
  return (
    <form className="security-inline-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={ID}>Name for a new passkey</label>
        <input
          id={ID}
          type="text"
          maxLength={60}
          value={name}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${ID}-help`}
          onChange={(e) => setName(e.target.value)}
        />
        <p id={`${ID}-help`} className="help">
          Say where it lives (“Work laptop”, “YubiKey”) to tell your passkeys apart. Your browser asks for the passkey next.
        </p>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="security-actions">
        <button type="submit" className="button primary" disabled={add.isPending}>
          {add.isPending ? 'Waiting for the passkey…' : 'Add a passkey'}
        </button>
      </div>
    </form>
  )
}
