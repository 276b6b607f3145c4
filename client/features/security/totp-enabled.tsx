// The authenticator app while on: since when, how many recovery codes are left, and the two
// changes that each ask for a current code first: new recovery codes, and turning it off.
import { useEffect, useRef, useState } from 'react'
import { formatDate } from '#client/lib/format-date'
import { useToast } from '#client/ui/toast'
import { useDisableTotp, useNewRecoveryCodes, type SecurityOverview } from './api'
import { TotpCodeForm } from './totp-code-form'

/** Fewer than this many recovery codes left is worth a warning. */
const FEW_CODES = 3

export function TotpEnabled({ totp, onNewCodes }: { totp: SecurityOverview['totp']; onNewCodes: (codes: string[]) => void }) {
  const [asking, setAsking] = useState<'codes' | 'off' | null>(null)
  const renew = useNewRecoveryCodes()
  const disable = useDisableTotp()
  const notify = useToast()
  const left = totp.recoveryCodesLeft
  const renewButton = useRef<HTMLButtonElement>(null)
  const offButton = useRef<HTMLButtonElement>(null)
  const last = useRef<typeof asking>(null)

  // A cancelled step gives focus back to the button that opened it.
  useEffect(() => {
    if (asking === null && last.current) (last.current === 'codes' ? renewButton : offButton).current?.focus()
    last.current = asking
  }, [asking])

  return (
    <>
      <p>
        <strong>On</strong>
        {totp.enabledAt && <> since {formatDate(totp.enabledAt)}</>}: signing in with your password also asks for a code.
      </p>
      <p className={left < FEW_CODES ? 'form-error' : undefined}>
        {left} recovery {left === 1 ? 'code' : 'codes'} left.{left < FEW_CODES && ' Make new ones before you run out.'}
      </p>
      {asking === 'codes' && (
        <TotpCodeForm
          id="totp-renew-code"
          intro="New codes replace all the old ones. Enter a current code to confirm."
          submitLabel="Make new recovery codes"
          busyLabel="Making codes…"
          mutation={renew}
          onSuccess={({ recoveryCodes }) => onNewCodes(recoveryCodes)}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === 'off' && (
        <TotpCodeForm
          id="totp-off-code"
          intro="Your password alone will sign you in again, and the recovery codes stop working. Enter a current code to confirm."
          submitLabel="Turn off the authenticator app"
          busyLabel="Turning off…"
          mutation={disable}
          danger
          onSuccess={() => notify('The authenticator app is off.', 'success')}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === null && (
        <div className="security-actions">
          <button ref={renewButton} type="button" className="button" onClick={() => setAsking('codes')}>
            New recovery codes
          </button>
          <button ref={offButton} type="button" className="button danger" onClick={() => setAsking('off')}>
            Turn off
          </button>
        </div>
      )}
    </>
  )
}
