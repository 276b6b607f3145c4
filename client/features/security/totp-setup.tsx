// Turning the authenticator app on: a new secret as a QR code (and as text, for typing), then a
// code from the app proves it was saved, and the server answers with the recovery codes.
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { TotpCodeInput } from '#src/contract/auth'
import { errorMessageOf, isUnauthorized } from '#client/lib/admin-api'
import { SECURITY_TEXTS, useEnableTotp, useStartTotp } from './api'

/** 'JBSW Y3DP …': the secret in groups of four, easier to read out and type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

export function TotpSetup({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const start = useStartTotp()
  const enable = useEnableTotp()
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const qr = useRef<HTMLDivElement>(null)

  // The steps replace the button that was pressed: focus moves to their start.
  useEffect(() => {
    if (start.data) qr.current?.focus()
  }, [start.data])

  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = TotpCodeInput.safeParse({ code })
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? SECURITY_TEXTS.codeFailed)
    setInvalid(null)
    enable.mutate(parsed.data.code, { onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes) })
  }

  function cancel() {
    setCode('')
    setInvalid(null)
    enable.reset()
    start.reset()
  }

  if (!start.data) {
    const failed = start.isError && !isUnauthorized(start.error) ? errorMessageOf(start.error, SECURITY_TEXTS.setupFailed) : null
    return (
      <>
        <p>Off: your password alone signs you in.</p>
        {failed && (
          <p className="form-error" role="alert">
            {failed}
          </p>
        )}
        <button type="button" className="button primary" disabled={start.isPending} onClick={() => start.mutate(undefined)}>
          {start.isPending ? 'Preparing…' : 'Set up an authenticator app'}
        </button>
      </>
    )
  }

  const { secret, uri, qrSvg } = start.data
  const error = invalid ?? (enable.isError && !isUnauthorized(enable.error) ? errorMessageOf(enable.error, SECURITY_TEXTS.codeFailed) : null)
  return (
    <form className="totp-setup" onSubmit={submit} noValidate>
      <div className="totp-setup-steps" ref={qr} tabIndex={-1}>
        <p>1. Scan this QR code with your authenticator app (Aegis, 2FAS, Google Authenticator, 1Password…).</p>
        {/* NOTE: the SVG is the server's own, drawn from the otpauth URI; it holds no script. */}
        <div className="security-qr" role="img" aria-label="QR image to scan with your authenticator app" dangerouslySetInnerHTML={{ __html: qrSvg }} />
        <p>
          Cannot scan it? Type this key into the app instead: <code className="totp-secret" data-testid="totp-secret">{grouped(secret)}</code>
          {' '}or, on this phone, <a href={uri}>open it in your authenticator app</a>.
        </p>
      </div>
      <div className="field">
        <label htmlFor="totp-enable-code">2. Code from the app</label>
        <input
          id="totp-enable-code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'totp-enable-code-hint totp-enable-code-error' : 'totp-enable-code-hint'}
          onChange={(e) => setCode(e.target.value)}
        />
        <p id="totp-enable-code-hint" className="help">
          The 6 digits the app shows for this site now.
        </p>
        {error && (
          <p id="totp-enable-code-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="security-actions">
        <button type="submit" className="button primary" disabled={enable.isPending}>
          {enable.isPending ? 'Checking…' : 'Turn on'}
        </button>
        <button type="button" className="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
