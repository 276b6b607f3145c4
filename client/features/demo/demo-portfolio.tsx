import type { UseQueryResult } from '@tanstack/react-query'
import { useId } from 'react'
import type { TokenList } from '#src/contract/demo'
import { errorText } from '#client/lib/api'
import { clockTime, formatApproxUsd, portfolioUsd } from './format'
import { TOKENS_FAILED } from './use-tokens'
import { DemoTokenCard } from './demo-token-card'

type Props = { ready: boolean; query: Pick<UseQueryResult<TokenList>, 'data' | 'error' | 'isError'> }

/**
 * The total, the Updated time and a card per token. A failed poll keeps the last good list up
 * under its error (the toast announces it; this line stays until the next good poll).
 */
export function DemoPortfolio({ ready, query }: Props) {
  const id = useId()
  const list = query.data
  return (
    <section className="demo-panel demo-portfolio" aria-labelledby={`${id}-title`}>
      <div className="demo-portfolio-head">
        <h2 id={`${id}-title`}>Portfolio</h2>
        {list && (
          <p className="demo-summary">
            <span className="demo-total">{formatApproxUsd(portfolioUsd(list.items))}</span>{' '}
            <span className="demo-updated">
              Updated <time dateTime={list.updatedAt}>{clockTime(list.updatedAt)} UTC</time>
            </span>
          </p>
        )}
      </div>
      {query.isError && <p className="error demo-tokens-error">{TOKENS_FAILED + errorText(query.error)}</p>}
      <div className="demo-token-area">
        {list ? (
          <ul className="card-grid demo-tokens">
            {list.items.map((token) => (
              <DemoTokenCard key={token.symbol} token={token} />
            ))}
          </ul>
        ) : (
          !query.isError && <p className="demo-hint">{ready ? 'Loading tokens…' : 'Token balances and prices appear here, refreshed every 30 seconds.'}</p>
        )}
      </div>
    </section>
  )
}
