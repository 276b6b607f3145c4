import type { TokenItem } from '#src/contract/demo'
import { formatAmount, formatUsd } from './format'

// NOTE: one template string per text: React puts a comment between adjacent text nodes, which
// the browser's Preact would not expect (decision 066).
export function DemoTokenCard({ token }: { token: TokenItem }) {
  return (
    <li className="card demo-token">
      <h3 className="card-title">
        {`${token.name} `}
        <span className="demo-symbol">{token.symbol}</span>
      </h3>
      <p className="demo-balance">{`${formatAmount(token.balance)} ${token.symbol}`}</p>
      <p className="demo-usd">{formatUsd(token.usd)}</p>
    </li>
  )
}
