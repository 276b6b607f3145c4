// The passkeys card of the security screen: each passkey with its dates, and "Add a passkey".
import type { PasskeyInfo } from './api'
import { PasskeyAddForm } from './passkey-add-form'
import { PasskeyItem } from './passkey-item'

export function PasskeysSection({ passkeys }: { passkeys: PasskeyInfo[] }) {
  return (
    <section className="settings-group security-section" aria-labelledby="security-passkeys-title">
      <h2 id="security-passkeys-title">Passkeys</h2>
      <p className="settings-group-help">
        A passkey signs you in with your device’s screen lock or a security key: no password to type, nothing to phish.
      </p>
      {passkeys.length === 0 ? (
        <p className="security-empty">No passkeys yet.</p>
      ) : (
        <ul className="security-list" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <PasskeyItem key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      <PasskeyAddForm />
    </section>
  )
}
