// A flag that turns on only after its condition has held for a while: loading texts that would
// otherwise flash for fast responses.
import { useEffect, useState } from 'react'

/**
 * True once `on` has stayed true for `ms`; false again the moment `on` turns false. Always false
 * in the first render, so server and client markup agree.
 */
export function useDelayedFlag(on: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!on) {
      setShown(false)
      return
    }
    const timer = setTimeout(() => setShown(true), ms)
    return () => clearTimeout(timer)
  }, [on, ms])
  return on && shown
}
