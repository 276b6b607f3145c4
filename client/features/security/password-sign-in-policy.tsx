// Whether a password may sign in at all. Off needs a passkey first, or nothing could sign in (the
// server refuses it too, with a 409).
import { errorMessageOf, isUnauthorized } from '#client/lib/admin-api'
import { SECURITY_TEXTS, useSetPasswordSignIn } from './api'

const ID = 'security-password-sign-in'

export function PasswordSignInPolicy({ enabled, passkeys }: { enabled: boolean; passkeys: number }) {
  const change = useSetPasswordSignIn()
  // Only turning it off needs a passkey: a password turned off some other way can always come back.
  const locked = enabled && passkeys === 0
  const checked = change.isPending ? change.variables : enabled
  const error = change.isError && !isUnauthorized(change.error) ? errorMessageOf(change.error, SECURITY_TEXTS.policyFailed) : null
  const help = locked
    ? 'Add a passkey first: with neither a password nor a passkey you could not sign in at all.'
    : checked
      ? 'Turn it off to sign in with a passkey only: a stolen password then opens nothing.'
      : 'Only a passkey signs you in. The login page says so to anyone who tries a password.'

  return (
    <section className="settings-group security-section" aria-labelledby="security-password-title">
      <h2 id="security-password-title">Password sign-in</h2>
      <div className="field">
        <div className="editor-check-row">
          <input
            id={ID}
            type="checkbox"
            checked={checked}
            disabled={locked || change.isPending}
            aria-describedby={`${ID}-help`}
            onChange={(e) => change.mutate(e.target.checked)}
          />
          <label htmlFor={ID}>Allow signing in with a password</label>
        </div>
        <p id={`${ID}-help`} className="help">
          {help}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </section>
  )
}
