// The live token demo (spec sections 2, 4, 8): wallet, transfers, tokens, event stream, log.
// NOTE: the page's island (client/site/islands/token-demo.tsx): rendered by React on the server,
// hydrated by Preact in the browser; everything it knows comes through its props (decision 066).
import { useCallback, useEffect, useMemo, useState } from 'react'
import { createApiClient } from '#client/lib/api'
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

/** `apiBase` is the island's one prop; the others let component tests go faster and fake the outside. */
export type DemoAppProps = { apiBase: string; timings?: DemoTimings; EventSource?: EventSourceClass; loadWallet?: LoadWallet }

const stringField = (data: unknown, key: string) => {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined
  return typeof value === 'string' ? value : ''
}

export function DemoApp({ apiBase, timings = DEMO_TIMINGS, EventSource, loadWallet = loadWalletModule }: DemoAppProps) {
  const api = useMemo(() => demoApi(createApiClient({ apiBase })), [apiBase])
  // The buttons wait for hydration: before it a click would do nothing.
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
      <DemoPortfolio ready={ready} tokens={tokens} />
      <DemoTimeline entries={entries} onClear={clear} />
      <DemoToasts toasts={toasts} />
    </div>
  )
}
