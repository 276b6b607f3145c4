// /admin/login (spec sections 2, 5, 8): email and password, both required; 'Sessions last 12
// hours.'; the server message or 'Invalid credentials' on failure; success goes to /admin. While no
// admin exists it says so, and how to create one (contract "First run"). With an authenticator app
// on, a right password brings up the code field (issue 23); below the form, "Sign in with a passkey".
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import * as adminPaths from '#src/contract/admin-paths'
import { CODE_REQUIRED, SECOND_FACTOR_MESSAGES } from '#src/contract/auth'
import { NO_ADMIN_HINT } from '#src/contract/owner/setup'
import { PasskeySignInButton } from '#client/features/security/passkey-sign-in-button'
import { SecondFactorField } from '#client/features/security/second-factor-field'
import { setupStateQuery } from '#client/features/setup/api'
import { SetupText } from '#client/features/setup/setup-text'
import { ApiError } from '#client/lib/api'
import { adminApi, errorMessageOf, SESSION_EXPIRED } from '#client/lib/admin-api'

/** The `code` of the error's first detail ('second_factor_required', 'invalid_code'). */
function detailCode(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || typeof err.body !== 'object' || err.body === null || !('details' in err.body)) return undefined
  const details = err.body.details
  return Array.isArray(details) && typeof details[0]?.code === 'string' ? details[0].code : undefined
}

export function LoginScreen() {
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const qc = useQueryClient()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  // null until the server asks for a second factor.
  const [code, setCode] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const codeInput = useRef<HTMLInputElement>(null)
  const asked = code !== null
  const noAdmin = useQuery(setupStateQuery).data?.adminExists === false

  useEffect(() => {
    if (asked) codeInput.current?.focus()
  }, [asked])

  function signedIn() {
    qc.clear()
    const next = params.get('next')
    navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true })
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!email.trim() || !password) {
      setError('Email and password are both required.')
      return
    }
    if (asked && !code.trim()) {
      setCodeError(SECOND_FACTOR_MESSAGES.required)
      codeInput.current?.focus()
      return
    }
    setBusy(true)
    setError(null)
    setCodeError(null)
    try {
      await adminApi.post(adminPaths.login, asked ? { email, password, code: code.trim() } : { email, password })
      signedIn()
    } catch (err) {
      const kind = detailCode(err)
      if (kind === CODE_REQUIRED) setCode('')
      else if (kind === 'invalid_code') {
        setCodeError(errorMessageOf(err, SECOND_FACTOR_MESSAGES.wrong))
        codeInput.current?.select()
      } else setError(errorMessageOf(err, 'Invalid credentials'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="login" id="admin-main">
      <div className="login-card">
        <h1>Sign in</h1>
        {noAdmin && (
          <div className="no-admin" role="status">
            <p>
              <strong>No admin account exists yet.</strong>
            </p>
            <p>
              <SetupText text={NO_ADMIN_HINT} />
            </p>
          </div>
        )}
        {params.get('expired') && (
          <p className="notice" role="status">
            {SESSION_EXPIRED}
          </p>
        )}
        <form className="login-form" onSubmit={submit} noValidate>
          <label htmlFor="login-email">Email</label>
          <input id="login-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <label htmlFor="login-password">Password</label>
          <input id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          {asked && <SecondFactorField id="login-code" value={code} onChange={setCode} error={codeError} inputRef={codeInput} />}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        {!noAdmin && <PasskeySignInButton onSignedIn={signedIn} />}
        <p className="hint">Sessions last 12 hours.</p>
      </div>
    </main>
  )
}
