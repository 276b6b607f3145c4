// The authenticator app card: off (set it up), on (its state, new recovery codes, turn off), and
// in between the recovery codes, shown once right after they were made.
import { useState } from 'react'
import type { SecurityOverview } from './api'
import { RecoveryCodesPanel } from './recovery-codes-panel'
import { TotpEnabled } from './totp-enabled'
import { TotpSetup } from './totp-setup'

export function TotpSection({ totp }: { totp: SecurityOverview['totp'] }) {
  const [codes, setCodes] = useState<string[] | null>(null)
  return (
    <section className="settings-group security-section" aria-labelledby="security-totp-title">
      <h2 id="security-totp-title">Authenticator app</h2>
      <p className="settings-group-help">
        With an authenticator app on, signing in with your password also asks for the 6-digit code the app shows. Passkeys do not need it.
      </p>
      {codes ? (
        <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} />
      ) : totp.enabled ? (
        <TotpEnabled totp={totp} onNewCodes={setCodes} />
      ) : (
        <TotpSetup onEnabled={setCodes} />
      )}
    </section>
  )
}
