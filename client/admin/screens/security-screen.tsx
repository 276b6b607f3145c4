// /admin/security (issue 23): how the owner signs in: passkeys, the authenticator app and its
// recovery codes, whether a password may sign in, and the browsers signed in now. A change the
// server refuses until the owner confirms it is them opens one dialog for it (decision 063).
import { PasskeysSection } from '#client/features/security/passkeys-section'
import { PasswordSignInPolicy } from '#client/features/security/password-sign-in-policy'
import { SECURITY_TEXTS, useSecurity } from '#client/features/security/api'
import { ReauthProvider } from '#client/features/security/reauth-provider'
import { SessionsSection } from '#client/features/security/sessions-section'
import { TotpSection } from '#client/features/security/totp-section'
import { errorMessageOf } from '#client/lib/admin-api'

export function SecurityScreen() {
  const security = useSecurity()
  return (
    <section className="screen settings security" aria-labelledby="security-title">
      <h1 id="security-title">Security</h1>
      <p className="settings-intro">How you sign in to this admin, and which browsers are signed in now.</p>
      {security.isPending && <p role="status">Loading…</p>}
      {security.isError && (
        <p className="form-error" role="alert">
          {errorMessageOf(security.error, SECURITY_TEXTS.loadFailed)}
        </p>
      )}
      {security.data && (
        <ReauthProvider needsCode={security.data.totp.enabled} hasPasskeys={security.data.passkeys.length > 0}>
          <div className="security-sections">
            <PasskeysSection passkeys={security.data.passkeys} />
            <TotpSection totp={security.data.totp} />
            <PasswordSignInPolicy enabled={security.data.passwordSignIn} passkeys={security.data.passkeys.length} />
            <SessionsSection sessions={security.data.sessions} />
          </div>
        </ReauthProvider>
      )}
    </section>
  )
}
