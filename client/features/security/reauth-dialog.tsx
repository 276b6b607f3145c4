// "Confirm it is you": the password (and the authenticator code when it is on), or a passkey. The
// server then lets this session change its sign-in methods for 10 minutes (decision 063).
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { createPortal } from 'react-dom'
import { CODE_REQUIRED, REAUTH_MINUTES, SECOND_FACTOR_MESSAGES } from '#src/contract/auth'
import { errorMessageOf, withSession } from '#client/lib/admin-api'
import { reauthenticate, reauthenticateWithPasskey, SECURITY_TEXTS } from './api'
import { detailCode } from './reauth-context'
import { SecondFactorField } from './second-factor-field'
import { hasWebAuthn, passkeyErrorText } from './webauthn'

type Props = { needsCode: boolean; hasPasskeys: boolean; onConfirmed: () => void; onCancel: () => void }

export function ReauthDialog({ needsCode, hasPasskeys, onConfirmed, onCancel }: Props) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const codeInput = useRef<HTMLInputElement>(null)
  const [password, setPassword] = useState('')
  // null while no code is asked for; the server may ask even when the overview did not say so.
  const [code, setCode] = useState<string | null>(needsCode ? '' : null)
  const [error, setError] = useState<{ field: 'password' | 'code' | 'form'; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const box = dialog.current
    if (!box) return
    if (typeof box.showModal === 'function') box.showModal()
    else box.setAttribute('open', '')
    return () => {
      if (box.open) box.close()
    }
  }, [])

  async function confirm(run: () => Promise<unknown>, passkey: boolean) {
    setBusy(true)
    setError(null)
    try {
      await withSession(run())
      onConfirmed()
    } catch (e) {
      const kind = detailCode(e)
      if (kind === CODE_REQUIRED) {
        setCode('')
        setError({ field: 'code', text: SECOND_FACTOR_MESSAGES.required })
        codeInput.current?.focus()
      } else if (kind === 'invalid_code') setError({ field: 'code', text: errorMessageOf(e, SECOND_FACTOR_MESSAGES.wrong) })
      else if (kind === 'invalid_password') setError({ field: 'password', text: errorMessageOf(e, SECURITY_TEXTS.reauthFailed) })
      else setError({ field: 'form', text: passkey ? passkeyErrorText(e, SECURITY_TEXTS.reauthFailed) : errorMessageOf(e, SECURITY_TEXTS.reauthFailed) })
    } finally {
      setBusy(false)
    }
  }

  function submit(e: FormEvent) {
    // NOTE: portalled, but React still bubbles the submit to the screen's forms.
    e.preventDefault()
    e.stopPropagation()
    if (!password) return setError({ field: 'password', text: 'Password is required.' })
    void confirm(() => reauthenticate({ password, ...(code?.trim() ? { code: code.trim() } : {}) }), false)
  }

  const passwordError = error?.field === 'password' ? error.text : null
  return createPortal(
    <dialog
      ref={dialog}
      className="reauth-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(e) => {
        e.preventDefault()
        onCancel()
      }}
    >
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>Confirm it is you</h2>
        <p id={`${id}-intro`}>
          Changing how you sign in needs your password{code !== null ? ' and a code' : ''} again{hasPasskeys && hasWebAuthn() ? ', or a passkey' : ''}. It then counts for {REAUTH_MINUTES} minutes.
        </p>
        <div className="field">
          <label htmlFor={`${id}-password`}>Password</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${id}-password-error` : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
          {passwordError && (
            <p id={`${id}-password-error`} className="field-error" role="alert">
              {passwordError}
            </p>
          )}
        </div>
        {code !== null && <SecondFactorField id={`${id}-code`} value={code} onChange={setCode} error={error?.field === 'code' ? error.text : null} inputRef={codeInput} />}
        {error?.field === 'form' && (
          <p className="form-error" role="alert">
            {error.text}
          </p>
        )}
        <div className="security-actions">
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Checking…' : 'Confirm'}
          </button>
          {hasPasskeys && hasWebAuthn() && (
            <button type="button" className="button" disabled={busy} onClick={() => void confirm(reauthenticateWithPasskey, true)}>
              Use a passkey instead
            </button>
          )}
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>,
    document.body,
  )
}
