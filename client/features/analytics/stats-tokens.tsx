// The dashboard's 'Stats API tokens' section: read-only tokens for scripts (the summary and the
// exports under /api/stats), made, listed and revoked here.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { ANALYTICS_PATHS } from '#src/contract/analytics'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { StatsTokenForm } from './stats-token-form'
import { StatsTokenList } from './stats-token-list'
import { statsTokensQuery, TOKENS_FAILED } from './api'

export function StatsTokens() {
  const tokens = useQuery(statsTokensQuery)
  useEffect(() => {
    if (isUnauthorized(tokens.error)) reportSessionEnded()
  }, [tokens.error])
  return (
    <section className="stats-tokens" aria-labelledby="stats-tokens-title">
      <h2 id="stats-tokens-title">Stats API tokens</h2>
      <p className="help">
        A token reads <code>/api{ANALYTICS_PATHS.statsSummary}</code> and <code>/api{ANALYTICS_PATHS.statsExport}</code> with <code>Authorization: Bearer &lt;token&gt;</code>, and nothing else.
      </p>
      <StatsTokenForm />
      {tokens.isPending && <p role="status">Loading…</p>}
      {tokens.isError && (
        <p className="form-error" role="alert">
          {errorMessageOf(tokens.error, TOKENS_FAILED)}
        </p>
      )}
      {tokens.data && <StatsTokenList tokens={tokens.data.items} />}
    </section>
  )
}
