// "Export or erase by email": every message of one address, whatever its status, downloaded as
// JSON (right of access) or erased for good after a confirm (right to erasure).
import { useMutation } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { MessagesByEmail } from '#src/contract/contact'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { downloadExport, ERASE_FAILED, eraseByEmail, eraseConfirm, erasedText, EXPORT_FAILED, exportedText } from './api'

type Props = { onErased: () => unknown }
type Action = 'export' | 'erase'

export function MessagesErasure({ onErased }: Props) {
  const [email, setEmail] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const [done, setDone] = useState('')
  const [error, setError] = useState<string | null>(null)
  const field = useRef<HTMLInputElement>(null)

  const act = useMutation({
    mutationFn: async ({ action, email }: { action: Action; email: string }) =>
      action === 'export' ? exportedText(await downloadExport(email), email) : erasedText((await eraseByEmail(email)).erased, email),
    onMutate: () => {
      setDone('')
      setError(null)
    },
    onSuccess: (text, { action }) => {
      setDone(text)
      if (action === 'erase') return onErased()
    },
    onError: (e, { action }) => {
      if (isUnauthorized(e)) reportSessionEnded()
      setError(errorMessageOf(e, action === 'export' ? EXPORT_FAILED : ERASE_FAILED))
    },
  })

  /** The address as the server will read it, or null (and the field's message shown). */
  const checked = (): string | null => {
    const result = MessagesByEmail.safeParse({ email })
    setInvalid(result.success ? null : (result.error.issues[0]?.message ?? 'Please enter a valid email.'))
    if (!result.success) field.current?.focus()
    return result.success ? result.data.email : null
  }

  const run = (action: Action) => {
    const address = checked()
    if (!address || act.isPending) return
    if (action === 'erase' && !window.confirm(eraseConfirm(address))) return
    act.mutate({ action, email: address })
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    run('export')
  }

  const describedBy = ['erasure-help', invalid ? 'erasure-error' : ''].filter(Boolean).join(' ')
  return (
    <section className="card messages-erasure" aria-labelledby="erasure-title">
      <h2 id="erasure-title">Export or erase by email</h2>
      <form noValidate onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="erasure-email">Email address</label>
          <input
            ref={field}
            id="erasure-email"
            type="email"
            autoComplete="off"
            value={email}
            maxLength={200}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              setEmail(e.target.value)
              setInvalid(null)
            }}
          />
          <p id="erasure-help" className="help">
            Every message sent from this address, archived ones included; upper and lower case match alike.
          </p>
          {invalid && (
            <p id="erasure-error" className="field-error">
              {invalid}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={act.isPending}>
            Export
          </button>
          <button type="button" className="button danger" disabled={act.isPending} onClick={() => run('erase')}>
            Erase
          </button>
        </div>
        <p role="status" className="erasure-result">
          {done}
        </p>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </section>
  )
}
