import { isTransferBusy, transferStatus, type TransferState } from './transfer-machine'
import type { ConnectState } from './use-wallet-connect'

type Props = {
  ready: boolean
  wallet: ConnectState
  onConnect: () => void
  transfer: TransferState
  onTransfer: () => void
}

/**
 * Connect Wallet (Demo) and Mock Transfer, each with a hint and a status line. The status lines
 * are not live regions: the toasts and the stream badge do the announcing, once.
 * NOTE: fixed ids, not useId (React's and Preact's differ, decision 066); the page has one demo.
 */
export function DemoControls({ ready, wallet, onConnect, transfer, onTransfer }: Props) {
  const failed = transfer.phase === 'idle' && Boolean(transfer.error)
  return (
    <section className="demo-panel demo-controls" aria-labelledby="demo-controls-title">
      <h2 id="demo-controls-title">Wallet and transfer</h2>
      <div className="demo-action">
        <button type="button" className="button primary demo-connect" disabled={!ready || wallet.connecting} aria-describedby="demo-wallet-text" onClick={onConnect}>
          Connect Wallet (Demo)
        </button>
        <div id="demo-wallet-text" className="demo-action-text">
          <p className="demo-hint">Makes a throwaway key in your browser and signs a login nonce with it.</p>
          <p className="demo-status demo-connect-status">
            {wallet.connecting ? (
              'Connecting…'
            ) : wallet.error ? (
              <span className="error">{wallet.error}</span>
            ) : wallet.address ? (
              <>
                Linked address: <code className="demo-address">{wallet.address}</code>
              </>
            ) : null}
          </p>
        </div>
      </div>
      <div className="demo-action">
        <button type="button" className="button demo-transfer" disabled={!ready || isTransferBusy(transfer)} aria-describedby="demo-transfer-text" onClick={onTransfer}>
          Mock Transfer
        </button>
        <div id="demo-transfer-text" className="demo-action-text">
          <p className="demo-hint">Sends a mock transaction and polls it until it is confirmed.</p>
          <p className={failed ? 'demo-status demo-transfer-status error' : 'demo-status demo-transfer-status'} data-phase={transfer.phase}>
            {transferStatus(transfer)}
          </p>
        </div>
      </div>
    </section>
  )
}
