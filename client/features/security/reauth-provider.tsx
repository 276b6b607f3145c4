// Around the Security screen: the one dialog that asks the owner to confirm it is them, opened by
// any change the server refused with `reauth_required` (./reauth-context.ts).
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { ReauthContext } from './reauth-context'
import { ReauthDialog } from './reauth-dialog'

type Pending = { resolve: () => void; reject: (reason: Error) => void }

export function ReauthProvider({ needsCode, hasPasskeys, children }: { needsCode: boolean; hasPasskeys: boolean; children: ReactNode }) {
  const [asking, setAsking] = useState(false)
  const pending = useRef<Pending[]>([])

  // Changes refused at once (two clicks) share one dialog and are all sent again after it.
  const ask = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current.push({ resolve, reject })
        setAsking(true)
      }),
    [],
  )
  const settle = (confirmed: boolean) => {
    setAsking(false)
    for (const p of pending.current.splice(0)) {
      if (confirmed) p.resolve()
      else p.reject(new Error('cancelled'))
    }
  }

  return (
    <ReauthContext.Provider value={ask}>
      {children}
      {asking && <ReauthDialog needsCode={needsCode} hasPasskeys={hasPasskeys} onConfirmed={() => settle(true)} onCancel={() => settle(false)} />}
    </ReauthContext.Provider>
  )
}
