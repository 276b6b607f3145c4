// Project reorder of spec section 4, as pure functions the list and its tests share.
import { applyOrder } from '#client/lib/order-sync'

/** A copy of `list` with the entry at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list]
  if (from < 0 || from >= out.length) return out
  const [item] = out.splice(from, 1)
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item!)
  return out
}

/** The items in the order of `slugs`; each order value becomes list length minus index. */
export function withOrder<T extends { slug: string; order: number }>(items: readonly T[], slugs: readonly string[]): T[] {
  const ordered = applyOrder(items, slugs)
  return ordered.map((item, index) => ({ ...item, order: ordered.length - index }))
}
