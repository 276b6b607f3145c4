// Connect Wallet (Demo): a fresh key in the browser, POST /api/demo/login for a nonce, an
// EIP-191 signature of it, POST /api/demo/link-wallet. The wallet module arrives on first use.
import { useCallback, useRef, useState } from 'react'
import { errorText } from '#client/lib/api'
import type { DemoApi } from './api'
import { shortHex } from './format'
import type { Log } from './use-timeline'
import type { Notify } from './use-toasts'
import type * as WalletModule from './wallet'

export const CONNECT_FAILED = 'Connect failed: '
export type LoadWallet = () => Promise<typeof WalletModule>
export type ConnectState = { connecting: boolean; address?: string; error?: string }

type Options = { api: DemoApi; loadWallet: LoadWallet; log: Log; notify: Notify }

export function useWalletConnect({ api, loadWallet, log, notify }: Options) {
  const [state, setState] = useState<ConnectState>({ connecting: false })
  const busy = useRef(false)
  // Lowercase addresses of our keys: the stream's demo.wallet.linked may beat the HTTP answer.
  const own = useRef(new Set<string>())

  const connect = useCallback(async () => {
    if (busy.current) return
    busy.current = true
    setState((s) => ({ connecting: true, ...(s.address ? { address: s.address } : {}) }))
    log('action', 'Connect Wallet (Demo)')
    try {
      const { createEphemeralWallet } = await loadWallet()
      const wallet = createEphemeralWallet()
      own.current.add(wallet.address.toLowerCase())
      log('action', 'Key created in the browser', wallet.address)
      const { token, nonce } = await api.login()
      log('action', 'Demo login: nonce issued', nonce)
      const signature = wallet.signPersonal(nonce)
      log('action', 'Nonce signed (EIP-191)', shortHex(signature))
      const { address } = await api.linkWallet(token, { address: wallet.address, signature })
      log('action', 'Wallet linked', address)
      setState({ connecting: false, address })
    } catch (e) {
      const text = CONNECT_FAILED + errorText(e)
      log('error', text)
      notify(text, 'error')
      setState((s) => ({ connecting: false, error: text, ...(s.address ? { address: s.address } : {}) }))
    } finally {
      busy.current = false
    }
  }, [api, loadWallet, log, notify])

  const isOwn = useCallback((address: string) => own.current.has(address.toLowerCase()), [])
  return { state, connect, isOwn }
}
