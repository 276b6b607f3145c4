// The browsers signed in now: which browser, how it signed in, since when and when last seen, this
// one marked; and "Sign out everywhere else".
import { errorMessageOf, isUnauthorized } from '#client/lib/admin-api'
import { UtcTime } from '#client/ui/utc-time'
import { SECURITY_TEXTS, useEndOtherSessions, type SessionInfo, type SignInMethod } from './api'

export const METHOD_WORDS: Record<SignInMethod, string> = {
  password: 'Password',
  'password+totp': 'Password and authenticator code',
  'password+recovery': 'Password and recovery code',
  passkey: 'Passkey',
  setup: 'First-run setup',
}

export const endedText = (n: number) => (n === 0 ? 'No other session was signed in.' : `Signed out ${n} other ${n === 1 ? 'session' : 'sessions'}.`)

export function SessionsSection({ sessions }: { sessions: SessionInfo[] }) {
  const end = useEndOtherSessions()
  const error = end.isError && !isUnauthorized(end.error) ? errorMessageOf(end.error, SECURITY_TEXTS.sessionsFailed) : null
  return (
    <section className="settings-group security-section" aria-labelledby="security-sessions-title">
      <h2 id="security-sessions-title">Signed-in browsers</h2>
      <ul className="security-list" aria-label="Sessions">
        {sessions.map((s) => (
          <li key={s.id} className="security-item">
            <div className="security-item-text">
              <strong className="security-item-name">{s.browser}</strong>
              {s.current && <span className="chip security-current">This browser</span>}
              <p className="security-item-meta">
                {METHOD_WORDS[s.method]}
                {' · '}signed in <UtcTime iso={s.createdAt} />
                {s.lastSeenAt && (
                  <>
                    {' · '}last seen <UtcTime iso={s.lastSeenAt} />
                  </>
                )}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="security-actions">
        <button type="button" className="button" disabled={end.isPending} onClick={() => end.mutate(undefined)}>
          Sign out everywhere else
        </button>
      </div>
      <div role="status" aria-live="polite">
        {end.data && <p>{endedText(end.data.ended)}</p>}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
