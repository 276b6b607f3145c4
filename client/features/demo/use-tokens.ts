// The token list: GET /api/tokens?ts= now and every 30 s (paused by React Query while the tab
// is hidden). Each answer and failure goes to the timeline.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { errorText, isAbortError } from '#client/lib/api'
import type { DemoApi } from './api'
import { clockTime } from './format'
import type { Log } from './use-timeline'
import type { Notify } from './use-toasts'

export const TOKENS_FAILED = 'Failed to load tokens: '

type Options = { api: DemoApi; intervalMs: number; log: Log; notify: Notify }

export function useTokens({ api, intervalMs, log, notify }: Options) {
  // The query function outlives renders; it reports through the latest callbacks.
  const report = useRef({ log, notify })
  useEffect(() => {
    report.current = { log, notify }
  }, [log, notify])
  return useQuery({
    queryKey: ['demo', 'tokens'],
    queryFn: async ({ signal }) => {
      try {
        const list = await api.tokens(signal)
        report.current.log('action', 'Tokens polled', `${list.items.length} tokens, prices of ${clockTime(list.updatedAt)} UTC`)
        return list
      } catch (e) {
        if (!isAbortError(e)) {
          report.current.log('error', TOKENS_FAILED + errorText(e))
          report.current.notify(TOKENS_FAILED + errorText(e), 'error')
        }
        throw e
      }
    },
    refetchInterval: intervalMs,
    // Prices drift: coming back to the page fetches them again.
    staleTime: 0,
    retry: false,
  })
}
