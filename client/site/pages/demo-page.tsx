// /demo/dapp: the mock token dApp of spec section 2. This page frame is all the first-load
// bundle carries; the live demo (client/features/demo/demo-app.tsx) is its own chunk, loaded on
// render.
import { Suspense, use, type ComponentType } from 'react'
import { hasLiveApi, useSite } from '#client/lib/site-context'

type DemoModule = { DemoApp: ComponentType }

let demoModule: Promise<DemoModule> | null = null

function DemoLoadFailed() {
  return <p className="error demo-load-error">The demo could not be loaded. Check your connection and reload the page.</p>
}

/** The demo's chunk, fetched once; a failed fetch shows a message instead of breaking the page. */
export function loadDemoApp(): Promise<DemoModule> {
  if (demoModule) return demoModule
  const loading = import('#client/features/demo/demo-app').catch((): DemoModule => ({ DemoApp: DemoLoadFailed }))
  // Marked the way React marks the promises it tracks: use() then reads it without suspending.
  void loading.then((m) => Object.assign(loading, { status: 'fulfilled', value: m }))
  demoModule = loading
  return loading
}

function DemoLive() {
  const { DemoApp } = use(loadDemoApp())
  return <DemoApp />
}

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
        <Suspense fallback={<p className="demo-loading">Loading the demo…</p>}>
          <DemoLive />
        </Suspense>
      ) : (
        <p className="demo-offline" role="note">
          The demo talks to a live server (prices, signed logins, a transfer event stream), and this static copy of the site has none.
        </p>
      )}
    </div>
  )
}
