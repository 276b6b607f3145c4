// A change to the second factor confirmed with a current code (the app's or a recovery code).
import type { UseMutationResult } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { SecondFactorInput } from '#src/contract/auth'
import { errorMessageOf, isUnauthorized } from '#client/lib/admin-api'
import { SECURITY_TEXTS } from './api'
import { SecondFactorField } from './second-factor-field'

type Props<T> = {
  id: string
  intro: string
  submitLabel: string
  busyLabel: string
  mutation: UseMutationResult<T, Error, string>
  /** The submit button in the danger colour (turning the second factor off). */
  danger?: boolean
  onSuccess: (result: T) => void
  onCancel: () => void
}

export function TotpCodeForm<T>({ id, intro, submitLabel, busyLabel, mutation, danger = false, onSuccess, onCancel }: Props<T>) {
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => input.current?.focus(), [])

  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = SecondFactorInput.safeParse({ code })
    if (!parsed.success) return setInvalid(parsed.error.issues[0]?.message ?? SECURITY_TEXTS.codeFailed)
    setInvalid(null)
    mutation.mutate(parsed.data.code, { onSuccess })
  }

  function cancel() {
    mutation.reset()
    onCancel()
  }

  const error = invalid ?? (mutation.isError && !isUnauthorized(mutation.error) ? errorMessageOf(mutation.error, SECURITY_TEXTS.codeFailed) : null)
  return (
    <form className="security-inline-form" onSubmit={submit} onKeyDown={(e) => e.key === 'Escape' && cancel()} noValidate>
      <p>{intro}</p>
      <SecondFactorField id={id} value={code} onChange={setCode} error={error} inputRef={input} />
      <div className="security-actions">
        <button type="submit" className={danger ? 'button danger' : 'button primary'} disabled={mutation.isPending}>
          {mutation.isPending ? busyLabel : submitLabel}
        </button>
        <button type="button" className="button" onClick={cancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
