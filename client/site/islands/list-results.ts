// The results of a list island (blog, projects) for its current filters: each filter combination
// is fetched once and kept in the island's own Map, so coming back to one shows it at once.
import { useEffect, useRef, useState } from 'react'

export type ListResults<T> = {
  /** The list for `key`; while it loads, the last list shown (`shownKey` says whose), or null. */
  items: T[] | null
  shownKey: string | null
  pending: boolean
  error: unknown
}

/**
 * `load` fetches the list for `key` (null: nothing to fetch, a static export filters in the page);
 * `seed` is the list the server rendered, under its key, so hydration makes no call.
 */
export function useCachedList<T>(key: string, load: (() => Promise<T[]>) | null, seed: { key: string; items: T[] } | null): ListResults<T> {
  const cache = useRef<Map<string, T[]>>(null)
  cache.current ??= new Map(seed ? [[seed.key, seed.items]] : [])
  // A key asked for again while its request is out waits for that request, never a second one.
  const inflight = useRef(new Map<string, Promise<T[]>>())
  const shown = useRef<{ key: string; items: T[] } | null>(seed)
  const [failed, setFailed] = useState<{ key: string; error: unknown } | null>(null)
  const [, setLoads] = useState(0)
  const loader = useRef(load)
  loader.current = load

  useEffect(() => {
    const run = loader.current
    const known = cache.current!
    if (!run || known.has(key)) return
    // A filter that failed before is asked again: its error goes until this answer.
    setFailed((f) => (f?.key === key ? null : f))
    let request = inflight.current.get(key)
    if (!request) {
      request = run()
      inflight.current.set(key, request)
    }
    request.then(
      (items) => {
        known.set(key, items)
        inflight.current.delete(key)
        setLoads((n) => n + 1)
      },
      (error: unknown) => {
        inflight.current.delete(key)
        setFailed({ key, error })
      },
    )
  }, [key])

  const hit = cache.current.get(key)
  if (hit) {
    shown.current = { key, items: hit }
    return { items: hit, shownKey: key, pending: false, error: null }
  }
  if (failed?.key === key) return { items: null, shownKey: null, pending: false, error: failed.error }
  return { items: shown.current?.items ?? null, shownKey: shown.current?.key ?? null, pending: true, error: null }
}
