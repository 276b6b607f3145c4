// The first run's form: Email, Password, Confirm password, checked here with the contract's rules,
// then sent with the setup address's token; the answer signs this browser in.
import { useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { SETUP_PASSWORD_MIN } from '#src/contract/owner/setup'
import { ApiError } from '#client/lib/api'
import { errorMessageOf } from '#client/lib/admin-api'
import { createAdmin, SETUP_FAILED } from './api'
import { SetupField } from './setup-field'
import { fieldErrorsOf, setupErrors, type SetupDraft, type SetupErrors } from './setup-rules'
import { SetupText } from './setup-text'

type Props = {
  token: string
  /** Called once the admin exists and this browser holds its session. */
  onCreated: () => void
}

const FIELDS = ['email', 'password', 'confirm'] as const

export function SetupForm({ token, onCreated }: Props) {
  const [draft, setDraft] = useState<SetupDraft>({ email: '', password: '', confirm: '' })
  const [errors, setErrors] = useState<SetupErrors>({})
  const [failure, setFailure] = useState<{ text: string; signIn?: boolean } | null>(null)
  const [busy, setBusy] = useState(false)
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), confirm: useRef<HTMLInputElement>(null) }
  const change = (field: keyof SetupDraft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }
  const focusFirst = (found: SetupErrors) => inputs[FIELDS.find((f) => found[f]) ?? 'email'].current?.focus()

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = setupErrors(draft)
    setErrors(found)
    setFailure(null)
    if (Object.keys(found).length) return focusFirst(found)
    setBusy(true)
    try {
      await createAdmin({ token, email: draft.email, password: draft.password })
      onCreated()
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0
      const fields = status === 400 && err instanceof ApiError ? fieldErrorsOf((err.body as { details?: unknown } | undefined)?.details) : {}
      if (Object.keys(fields).length) {
        setErrors(fields)
        focusFirst(fields)
      } else {
        setFailure({ text: errorMessageOf(err, SETUP_FAILED), signIn: status === 409 })
      }
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="login-card setup-card" onSubmit={submit} noValidate aria-labelledby="setup-title">
      <h1 id="setup-title">Create the admin account</h1>
      <p className="hint setup-intro">This site has no admin yet. Choose the email and password you will sign in with.</p>
      <SetupField id="setup-email" label="Email" type="email" autoComplete="username" value={draft.email} onChange={change('email')} error={errors.email} inputRef={inputs.email} />
      <SetupField
        id="setup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={draft.password}
        onChange={change('password')}
        error={errors.password}
        hint={`At least ${SETUP_PASSWORD_MIN} characters.`}
        inputRef={inputs.password}
      />
      <SetupField id="setup-confirm" label="Confirm password" type="password" autoComplete="new-password" value={draft.confirm} onChange={change('confirm')} error={errors.confirm} inputRef={inputs.confirm} />
      {failure && (
        <p className="form-error" role="alert">
          <SetupText text={failure.text} />
          {failure.signIn && (
            <>
              {' '}
              <Link href="/login">Go to sign in</Link>
            </>
          )}
        </p>
      )}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Creating the admin…' : 'Create admin and sign in'}
      </button>
    </form>
  )
}
