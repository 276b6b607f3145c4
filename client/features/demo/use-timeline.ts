// State of the debug timeline: entries appended by the stream and the page's actions.
import { useCallback, useRef, useState } from 'react'
import { LOG_SIZE } from './constants'
import { pushEntry, type LogEntry, type LogKind } from './timeline'

export type Log = (kind: LogKind, title: string, detail?: string) => void

export function useTimeline(limit = LOG_SIZE) {
  const [entries, setEntries] = useState<LogEntry[]>([])
  const seq = useRef(0)
  const log = useCallback<Log>(
    (kind, title, detail) => {
      const entry: LogEntry = { seq: ++seq.current, at: Date.now(), kind, title, ...(detail ? { detail } : {}) }
      setEntries((list) => pushEntry(list, entry, limit))
    },
    [limit],
  )
  const clear = useCallback(() => setEntries([]), [])
  return { entries, log, clear }
}
