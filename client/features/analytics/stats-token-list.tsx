// The stats tokens as listed: name, when made, when last used, and Revoke (after a confirm).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { StatsToken } from '#src/contract/analytics'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { useToast } from '#client/ui/toast'
import { UtcTime } from '#client/ui/utc-time'
import { NO_TOKENS, REVOKE_CONFIRM, REVOKE_FAILED, revokeStatsToken, statsTokensKey } from './api'

export function StatsTokenList({ tokens }: { tokens: StatsToken[] }) {
  const qc = useQueryClient()
  const notify = useToast()
  const [error, setError] = useState<string | null>(null)
  const revoke = useMutation({
    mutationFn: revokeStatsToken,
    onMutate: () => setError(null),
    onSuccess: () => {
      notify('Token revoked.', 'success')
      return qc.invalidateQueries({ queryKey: statsTokensKey })
    },
    onError: (e) => {
      if (isUnauthorized(e)) reportSessionEnded()
      setError(errorMessageOf(e, REVOKE_FAILED))
    },
  })
  if (tokens.length === 0) return <p className="help">{NO_TOKENS}</p>
  return (
    <>
      <div className="table-scroll">
        <table className="dashboard-table stats-tokens-table">
          <caption className="visually-hidden">Stats API tokens</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.map((t) => (
              <tr key={t.id}>
                <th scope="row">{t.name}</th>
                <td>
                  <UtcTime iso={t.createdAt} />
                </td>
                <td>{t.lastUsedAt ? <UtcTime iso={t.lastUsedAt} /> : 'Never used'}</td>
                <td>
                  <button type="button" className="button danger" disabled={revoke.isPending} onClick={() => window.confirm(REVOKE_CONFIRM) && revoke.mutate(t.id)}>
                    Revoke<span className="visually-hidden"> the token {t.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </>
  )
}
