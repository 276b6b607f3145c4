// /admin/setup?token=… (contract "First run"): the one-time setup address creates the first admin
// and signs it in, then goes to /admin. Without a token, or once an admin exists, it says what to
// do instead.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useLocation, useSearch } from 'wouter'
import { SETUP_MESSAGES } from '#src/contract/owner/setup'
import { setupStateQuery } from '#client/features/setup/api'
import { SetupForm } from '#client/features/setup/setup-form'
import { SetupText } from '#client/features/setup/setup-text'

export function SetupScreen() {
  const [, navigate] = useLocation()
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? ''
  const qc = useQueryClient()
  const state = useQuery(setupStateQuery)

  let body
  if (state.data?.adminExists) {
    body = (
      <div className="login-card setup-card">
        <h1>Admin account exists</h1>
        <p>{SETUP_MESSAGES.exists}</p>
        <Link href="/login" className="button primary">
          Go to sign in
        </Link>
      </div>
    )
  } else if (!token) {
    body = (
      <div className="login-card setup-card">
        <h1>Setup address needed</h1>
        <p>
          <SetupText text={SETUP_MESSAGES.missing} />
        </p>
      </div>
    )
  } else {
    body = (
      <SetupForm
        token={token}
        onCreated={() => {
          qc.clear()
          navigate('/', { replace: true })
        }}
      />
    )
  }

  return (
    <main className="login" id="admin-main">
      {body}
    </main>
  )
}
