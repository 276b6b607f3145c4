// A value that follows another once it has stopped changing for a while (search boxes).
import { useEffect, useState } from 'react'

/** `value`, `ms` after its last change; the first render returns `value` itself. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}
