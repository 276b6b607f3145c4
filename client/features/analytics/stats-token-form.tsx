// Making a stats token: a name checked with the contract's schema, then the secret shown once in
// a read-only field with Copy, until the admin is done with it or makes another.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { StatsTokenInput, type NewStatsToken } from '#src/contract/analytics'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { copyText } from '#client/lib/copy-text'
import { useToast } from '#client/ui/toast'
import { CREATE_FAILED, createStatsToken, SHOWN_ONCE, statsTokensKey } from './api'

export function StatsTokenForm() {
  const qc = useQueryClient()
  const notify = useToast()
  const id = useId()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [made, setMade] = useState<NewStatsToken | null>(null)
  const create = useMutation({
    mutationFn: createStatsToken,
    onMutate: () => setError(null),
    onSuccess: (token) => {
      setMade(token)
      setName('')
      return qc.invalidateQueries({ queryKey: statsTokensKey })
    },
    onError: (e) => {
      if (isUnauthorized(e)) reportSessionEnded()
      setError(errorMessageOf(e, CREATE_FAILED))
    },
  })

  function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = StatsTokenInput.safeParse({ name })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? CREATE_FAILED)
    create.mutate(parsed.data)
  }

  async function copy(token: string) {
    notify((await copyText(token)) ? 'Token copied to the clipboard.' : 'Unable to copy. Copy it manually instead.', 'info')
  }

  return (
    <>
      <form className="stats-token-form" aria-label="New stats token" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>Token name</label>
          <input id={`${id}-name`} value={name} aria-invalid={error !== null} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={create.isPending}>
          Create token
        </button>
        {error && (
          <p id={`${id}-error`} className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {made && (
        <div className="stats-token-new" role="status">
          <label htmlFor={`${id}-secret`}>New token “{made.name}”</label>
          <div className="stats-token-secret">
            <input id={`${id}-secret`} readOnly value={made.token} onFocus={(e) => e.target.select()} />
            <button type="button" className="button" onClick={() => void copy(made.token)}>
              Copy
            </button>
            <button type="button" className="button" onClick={() => setMade(null)}>
              Done
            </button>
          </div>
          <p className="help">{SHOWN_ONCE}</p>
        </div>
      )}
    </>
  )
}
