// Project order sync of spec section 4: the admin publishes a new order, open project lists follow.

export const ORDER_EVENT = 'orderUpdated'
export const ORDER_VERSION_KEY = 'projects:orderVersion'

export type OrderDetail = { slugs: string[]; version: number }
export type OrderChange = { slugs?: string[]; version: number }
export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>
export type WindowLike = Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'>
/** Where the functions below look; both default to the browser's (absent on the server). */
export type OrderEnv = { win?: WindowLike; storage?: StorageLike }

function browserStorage(): StorageLike | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    // Reading localStorage throws when the browser blocks storage for the site.
    return undefined
  }
}
const browserWindow = (): WindowLike | undefined => (typeof window === 'undefined' ? undefined : window)

/** A stored version: a finite number, otherwise 0 (spec section 3). */
export function parseOrderVersion(raw: string | null | undefined): number {
  if (raw === null || raw === undefined) return 0
  const n = Number(raw)
  return Number.isFinite(n) ? n : 0
}

export function readOrderVersion(storage: StorageLike | undefined = browserStorage()): number {
  try {
    return parseOrderVersion(storage?.getItem(ORDER_VERSION_KEY))
  } catch {
    return 0
  }
}

/**
 * Admin side, after a successful reorder: stores the version (the given one, else the stored one
 * plus 1, so other tabs see a change) and tells this tab's listeners. Returns the version.
 */
export function publishOrder(slugs: readonly string[], version?: number, env: OrderEnv = {}): number {
  const storage = env.storage ?? browserStorage()
  const next = typeof version === 'number' && Number.isFinite(version) ? version : readOrderVersion(storage) + 1
  try {
    storage?.setItem(ORDER_VERSION_KEY, String(next))
  } catch {
    // Full or blocked storage: this tab is still told through the event.
  }
  const detail: OrderDetail = { slugs: [...slugs], version: next }
  ;(env.win ?? browserWindow())?.dispatchEvent(new CustomEvent(ORDER_EVENT, { detail }))
  return next
}

/** Listed slugs first in the given order, every other item after in its current order. */
export function applyOrder<T extends { slug: string }>(items: readonly T[], slugs: readonly string[]): T[] {
  const rank = new Map<string, number>()
  for (const slug of slugs) if (!rank.has(slug)) rank.set(slug, rank.size)
  const listed = items.filter((item) => rank.has(item.slug))
  listed.sort((a, b) => (rank.get(a.slug) ?? 0) - (rank.get(b.slug) ?? 0))
  return [...listed, ...items.filter((item) => !rank.has(item.slug))]
}

/** The `_` cache-busting query value for a version; none at 0, so server-rendered data is reused. */
export function orderCacheParam(version: number): string | undefined {
  return version === 0 ? undefined : String(version)
}

/**
 * Public side: calls `onChange` when this tab publishes an order (with its slugs; the version is
 * set when the event carries a number, bumped otherwise) and when another tab stores a new
 * version. Returns the unsubscribe function; a no-op where there is no window.
 */
export function subscribeOrder(onChange: (change: OrderChange) => void, env: OrderEnv = {}): () => void {
  const win = env.win ?? browserWindow()
  if (!win) return () => {}
  let version = readOrderVersion(env.storage ?? browserStorage())

  const onOrder = (event: Event) => {
    const raw: unknown = (event as CustomEvent<unknown>).detail
    const detail = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {}
    const slugs = Array.isArray(detail.slugs) ? detail.slugs.filter((s): s is string => typeof s === 'string') : undefined
    version = typeof detail.version === 'number' && Number.isFinite(detail.version) ? detail.version : version + 1
    onChange(slugs ? { slugs, version } : { version })
  }
  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent
    if (key !== ORDER_VERSION_KEY) return
    version = parseOrderVersion(newValue)
    onChange({ version })
  }

  win.addEventListener(ORDER_EVENT, onOrder)
  win.addEventListener('storage', onStorage)
  return () => {
    win.removeEventListener(ORDER_EVENT, onOrder)
    win.removeEventListener('storage', onStorage)
  }
}
