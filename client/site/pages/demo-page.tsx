// /demo/dapp: the token demo's page frame. The live demo (wallet, transfers, event stream) is
// built on it by the demo issue; the API behind it is already served under /api.
export function DemoPage() {
  return (
    <div className="page">
      <header className="page-header">
        <h1>Token dApp demo</h1>
        <p className="lede">A mock token wallet: live prices, a demo wallet that really signs, and transfers confirmed over a live event stream.</p>
      </header>
    </div>
  )
}
