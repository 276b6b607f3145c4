// /demo/dapp: the mock token dApp of spec section 2. The server renders the page; the live demo
// inside it is island `token-demo`, the only part the browser runs (decision 066).
import { hasLiveApi, useSite } from '#client/lib/site-context'
import { island } from '../islands/island'
import { TokenDemo } from '../islands/token-demo'

const TokenDemoIsland = island('token-demo', TokenDemo)

export function DemoPage() {
  const site = useSite()
  return (
    <div className="page demo">
      <header className="page-header">
        <h1>Token dApp demo</h1>
        <p className="lede">A mock token wallet: live prices, a demo wallet that really signs, and transfers confirmed over a live event stream.</p>
      </header>
      <noscript>
        <p className="demo-noscript">
          This demo runs in your browser: it makes a wallet key, signs with it and listens to a live event stream. Turn on JavaScript to try it.
        </p>
      </noscript>
      {hasLiveApi(site) ? (
        <TokenDemoIsland apiBase={site.apiBase} />
      ) : (
        <p className="demo-offline" role="note">
          The demo talks to a live server (prices, signed logins, a transfer event stream), and this static copy of the site has none.
        </p>
      )}
    </div>
  )
}
