// One passkey in the list: its name, when it was added and last used, whether it is synced; and
// Rename (in place) and Remove (after a confirm step, as a passkey removed cannot come back).
import { useEffect, useRef, useState } from 'react'
import { errorMessageOf, isUnauthorized } from '#client/lib/admin-api'
import { UtcTime } from '#client/ui/utc-time'
import { SECURITY_TEXTS, useRemovePasskey, type PasskeyInfo } from './api'
import { PasskeyRenameForm } from './passkey-rename-form'

type Mode = 'view' | 'rename' | 'remove'

export function PasskeyItem({ passkey }: { passkey: PasskeyInfo }) {
  const [mode, setMode] = useState<Mode>('view')
  const remove = useRemovePasskey()
  const error = remove.isError && !isUnauthorized(remove.error) ? errorMessageOf(remove.error, SECURITY_TEXTS.removeFailed) : null
  const renameButton = useRef<HTMLButtonElement>(null)
  const removeButton = useRef<HTMLButtonElement>(null)
  const keepButton = useRef<HTMLButtonElement>(null)
  const previous = useRef<Mode>('view')

  // The button that was pressed goes away with its mode: focus moves to where the next step is.
  useEffect(() => {
    if (mode === 'remove') keepButton.current?.focus()
    else if (mode === 'view' && previous.current === 'rename') renameButton.current?.focus()
    else if (mode === 'view' && previous.current === 'remove') removeButton.current?.focus()
    previous.current = mode
  }, [mode])

  const back = () => {
    remove.reset()
    setMode('view')
  }

  return (
    <li className="security-item">
      {mode === 'rename' ? (
        <PasskeyRenameForm passkey={passkey} onDone={() => setMode('view')} />
      ) : (
        <div className="security-item-text">
          <strong className="security-item-name">{passkey.name}</strong>
          {passkey.backedUp && <span className="chip">Synced</span>}
          <p className="security-item-meta">
            Added <UtcTime iso={passkey.createdAt} />
            {' · '}
            {passkey.lastUsedAt ? (
              <>
                Last used <UtcTime iso={passkey.lastUsedAt} />
              </>
            ) : (
              'Never used yet'
            )}
          </p>
        </div>
      )}
      {mode === 'remove' && (
        <div className="security-confirm" role="group" aria-label={`Remove the passkey ${passkey.name}?`}>
          <p>Remove “{passkey.name}”? It will no longer sign you in.</p>
          <button type="button" className="button danger" disabled={remove.isPending} onClick={() => remove.mutate(passkey.id)}>
            {remove.isPending ? 'Removing…' : 'Remove'}
          </button>
          <button ref={keepButton} type="button" className="button" onClick={back}>
            Keep it
          </button>
        </div>
      )}
      {mode === 'view' && (
        <div className="security-actions">
          <button ref={renameButton} type="button" className="button" onClick={() => setMode('rename')}>
            Rename<span className="visually-hidden"> the passkey {passkey.name}</span>
          </button>
          <button ref={removeButton} type="button" className="button danger" onClick={() => setMode('remove')}>
            Remove<span className="visually-hidden"> the passkey {passkey.name}</span>
          </button>
        </div>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
