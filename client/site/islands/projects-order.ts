// The published project order (spec section 4) as the projects island's state.
import { useEffect, useState } from 'react'
import { subscribeOrder } from '#client/lib/order-sync'

export type ProjectOrder = { version: number; slugs?: string[] }

/**
 * The version starts at 0 on the server and in the browser alike, so the first render uses the
 * server's list; only an orderUpdated event or another tab's stored version moves it.
 */
export function useProjectOrder(): ProjectOrder {
  const [order, setOrder] = useState<ProjectOrder>({ version: 0 })
  useEffect(() => subscribeOrder(({ slugs, version }) => setOrder({ version, slugs })), [])
  return order
}
