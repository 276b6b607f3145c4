// The live token demo (spec sections 2, 4, 8): wallet, transfers, tokens, event stream, log.
// NOTE: loaded as its own chunk by client/site/pages/demo-page.tsx, so none of it weighs on other pages.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { createApiClient } from '#client/lib/api'
import { useSite } from '#client/lib/site-context'
import { DEMO_TIMINGS, type DemoTimings } from './constants'
import { demoApi } from './api'
import type { EventSourceClass, StreamEvent } from './event-stream'
import { shortHex } from './format'
import { eventDetail } from './timeline'
import { useEventStream } from './use-event-stream'
import { useTimeline } from './use-timeline'
import { useToasts } from './use-toasts'
import { useTokens } from './use-tokens'
import { useTransfer } from './use-transfer'
import { useWalletConnect, type LoadWallet } from './use-wallet-connect'
import { DemoControls } from './demo-controls'
import { DemoPortfolio } from './demo-portfolio'
import { DemoStreamBadge } from './demo-stream-badge'
import { DemoTimeline } from './demo-timeline'
import { DemoToasts } from './demo-toasts'

// NOTE: a second split point: @noble's curve code loads on the first Connect click only.
const loadWalletModule: LoadWallet = () => import('./wallet')

export type DemoAppProps = { timings?: DemoTimings; EventSource?: EventSourceClass; loadWallet?: LoadWallet }

const stringField = (data: unknown, key: string) => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined
  return typeof value === 'string' ? value : ''
}

export function DemoApp({ timings = DEMO_TIMINGS, EventSource, loadWallet = loadWalletModule }: DemoAppProps) {
  const site = useSite()
  const api = useMemo(() => demoApi(createApiClient({ apiBase: site.apiBase })), [site.apiBase])
  // The buttons wait for React: before hydration a click would do nothing.
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  const { entries, log, clear } = useTimeline()
  const { toasts, notify } = useToasts(timings.toastMs)
  const transfer = useTransfer({ api, timings, log, notify })
  const wallet = useWalletConnect({ api, loadWallet, log, notify })
  const tokens = useTokens({ api, intervalMs: timings.tokenPollMs, log, notify })

  const { streamConfirmed } = transfer
  const { isOwn } = wallet
  const onEvent = useCallback(
    (event: StreamEvent) => {
      log('event', event.type, eventDetail(event))
      // The stream is shared by every visitor: only our own news gets a toast.
      if (event.type === 'tx.confirmed') {
        const id = stringField(event.data, 'id')
        if (streamConfirmed(id)) notify(`Transaction ${shortHex(id)} confirmed`, 'success')
      } else if (event.type === 'demo.wallet.linked') {
        const address = stringField(event.data, 'address')
        if (isOwn(address)) notify(`Wallet ${shortHex(address)} linked`, 'success')
      }
    },
    [log, notify, streamConfirmed, isOwn],
  )
  const stream = useEventStream({ api, EventSource, onEvent, log })

  return (
    <div className="demo-app">
      <DemoStreamBadge status={stream} />
      <DemoControls ready={ready} transfer={transfer.state} onTransfer={transfer.submit} wallet={wallet.state} onConnect={wallet.connect} />
      <DemoPortfolio ready={ready} query={tokens} />
      <DemoTimeline entries={entries} onClear={clear} />
      <DemoToasts toasts={toasts} />
    </div>
  )
}
