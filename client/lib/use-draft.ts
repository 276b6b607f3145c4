// Form state kept in sessionStorage, so an expired session or a reload never loses typing.
import { useCallback, useEffect, useState } from 'react'

const PREFIX = 'folio:draft:'

function read<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(PREFIX + key)
    return raw === null ? undefined : (JSON.parse(raw) as T)
  } catch {
    return undefined
  }
}

/** Like useState, persisted under `key` until `clear()` (call it after a successful save). */
export function useDraft<T>(key: string, initial: T): [T, (value: T | ((prev: T) => T)) => void, () => void] {
  const [value, setValue] = useState<T>(() => read<T>(key) ?? initial)
  useEffect(() => {
    try {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(value))
    } catch {
      // storage full or unavailable: the form still works, only without the safety net
    }
  }, [key, value])
  const clear = useCallback(() => {
    sessionStorage.removeItem(PREFIX + key)
  }, [key])
  return [value, setValue, clear]
}

export const hasDraft = (key: string) => read(key) !== undefined
export const dropDraft = (key: string) => sessionStorage.removeItem(PREFIX + key)
