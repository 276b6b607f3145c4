// /admin/login (spec sections 2, 5, 8): email and password, both required; 'Sessions last 12
// hours.'; the server message or 'Invalid credentials' on failure; success goes to /admin. While no
// admin exists it says so, and how to create one (contract "First run").
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import * as adminPaths from '#src/contract/admin-paths'
import { NO_ADMIN_HINT } from '#src/contract/owner/setup'
import { setupStateQuery } from '#client/features/setup/api'
import { SetupText } from '#client/features/setup/setup-text'
import { adminApi, errorMessageOf, SESSION_EXPIRED } from '#client/lib/admin-api'

export function LoginScreen() {
  const [, navigate] = useLocation()
  const params = new URLSearchParams(useSearch())
  const qc = useQueryClient()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const noAdmin = useQuery(setupStateQuery).data?.adminExists === false

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (!email.trim() || !password) {
      setError('Email and password are both required.')
      return
    }
    setBusy(true)
    setError(null)
    try {
      await adminApi.post(adminPaths.login, { email, password })
      qc.clear()
      const next = params.get('next')
      navigate(next && next.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true })
    } catch (err) {
      setError(errorMessageOf(err, 'Invalid credentials'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <main className="login" id="admin-main">
      <form className="login-card" onSubmit={submit} noValidate>
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
        <label htmlFor="login-email">Email</label>
        <input id="login-email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="login-password">Password</label>
        <input id="login-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="hint">Sessions last 12 hours.</p>
      </form>
    </main>
  )
}
