import { clockTime, formatApproxUsd, portfolioUsd } from './format'
import { TOKENS_FAILED, type TokenState } from './use-tokens'
import { DemoTokenCard } from './demo-token-card'

type Props = { ready: boolean; tokens: TokenState }

/**
 * The total, the Updated time and a card per token. A failed poll keeps the last good list up
 * under its error (the toast announces it; this line stays until the next good poll).
 * NOTE: a fixed id, not useId: the server renders with React and the browser hydrates with
 * Preact, whose ids differ (decision 066); the page has one demo.
 */
export function DemoPortfolio({ ready, tokens }: Props) {
  const list = tokens.data
  return (
    <section className="demo-panel demo-portfolio" aria-labelledby="demo-portfolio-title">
      <div className="demo-portfolio-head">
        <h2 id="demo-portfolio-title">Portfolio</h2>
        {list && (
          <p className="demo-summary">
            <span className="demo-total">{formatApproxUsd(portfolioUsd(list.items))}</span>{' '}
            <span className="demo-updated">
              Updated <time dateTime={list.updatedAt}>{`${clockTime(list.updatedAt)} UTC`}</time>
            </span>
          </p>
        )}
      </div>
      {tokens.error !== null && <p className="error demo-tokens-error">{TOKENS_FAILED + tokens.error}</p>}
      <div className="demo-token-area">
        {list ? (
          <ul className="card-grid demo-tokens">
            {list.items.map((token) => (
              <DemoTokenCard key={token.symbol} token={token} />
            ))}
          </ul>
        ) : (
          tokens.error === null && <p className="demo-hint">{ready ? 'Loading tokens…' : 'Token balances and prices appear here, refreshed every 30 seconds.'}</p>
        )}
      </div>
    </section>
  )
}
