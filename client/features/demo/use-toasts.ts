// Toasts of the demo (spec section 8): each removes itself after 2 s.
import { useCallback, useEffect, useRef, useState } from 'react'

export type ToastKind = 'info' | 'success' | 'error'
export type Toast = { id: number; text: string; kind: ToastKind }
export type Notify = (text: string, kind?: ToastKind) => void
/** More than this at once is a flood, not news: the oldest go first. */
const MAX_TOASTS = 3

/** Toasts that remove themselves after `ms` (spec section 8: 2 s). */
export function useToasts(ms: number) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const next = useRef(0)
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>())
  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach(clearTimeout)
  }, [])
  const notify = useCallback<Notify>(
    (text, kind = 'info') => {
      const id = ++next.current
      setToasts((list) => [...list, { id, text, kind }].slice(-MAX_TOASTS))
      const timer = setTimeout(() => {
        timers.current.delete(timer)
        setToasts((list) => list.filter((t) => t.id !== id))
      }, ms)
      timers.current.add(timer)
    },
    [ms],
  )
  return { toasts, notify }
}
