// The login screen's "Sign in with a passkey", under an "or" below the password form: no email to
// type, the passkey names its admin. Absent from a browser without WebAuthn.
import { useState } from 'react'
import { SECURITY_TEXTS, signInWithPasskey } from './api'
import { hasWebAuthn, passkeyErrorText } from './webauthn'

export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!hasWebAuthn()) return null

  async function signIn() {
    setBusy(true)
    setError(null)
    try {
      await signInWithPasskey()
      onSignedIn()
    } catch (e) {
      setError(passkeyErrorText(e, SECURITY_TEXTS.passkeySignInFailed))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="passkey-sign-in">
      <p className="login-or">
        <span>or</span>
      </p>
      <button type="button" className="button" disabled={busy} onClick={() => void signIn()}>
        {busy ? 'Waiting for the passkey…' : 'Sign in with a passkey'}
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
