// The token list: GET /api/tokens?ts= now, then 30 s after each answer; paused while the tab is
// hidden and fetched again when it comes back. Each answer and failure goes to the timeline.
// NOTE: plain state, not React Query: the demo is an island with no QueryClient around it, and
// one of its own would cost about 13 KB gzip for a single polled list (decision 066).
import { useEffect, useRef, useState } from 'react'
import type { TokenList } from '#src/contract/demo'
import { errorText, isAbortError } from '#client/lib/api'
import type { DemoApi } from './api'
import { clockTime } from './format'
import type { Log } from './use-timeline'
import type { Notify } from './use-toasts'

export const TOKENS_FAILED = 'Failed to load tokens: '

/** The last good list stays while a later poll fails; `error` is that failure's text. */
export type TokenState = { data?: TokenList; error: string | null }

type Options = { api: DemoApi; intervalMs: number; log: Log; notify: Notify }

export function useTokens({ api, intervalMs, log, notify }: Options): TokenState {
  const [state, setState] = useState<TokenState>({ error: null })
  // The polling loop outlives renders; it reports through the latest callbacks.
  const report = useRef({ log, notify })
  useEffect(() => {
    report.current = { log, notify }
  }, [log, notify])

  useEffect(() => {
    let inFlight: AbortController | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = () => {
      clearTimeout(timer)
      // A hidden tab polls nothing; coming back fetches at once (onVisibility).
      if (!document.hidden) timer = setTimeout(poll, intervalMs)
    }
    async function poll() {
      const controller = (inFlight = new AbortController())
      try {
        const list = await api.tokens(controller.signal)
        report.current.log('action', 'Tokens polled', `${list.items.length} tokens, prices of ${clockTime(list.updatedAt)} UTC`)
        setState({ data: list, error: null })
      } catch (e) {
        if (controller.signal.aborted || isAbortError(e)) return
        const text = TOKENS_FAILED + errorText(e)
        report.current.log('error', text)
        report.current.notify(text, 'error')
        setState((s) => ({ ...s, error: errorText(e) }))
      } finally {
        if (inFlight === controller) inFlight = null
      }
      // The next wait runs from this answer, so a slow answer never brings two polls together.
      schedule()
    }
    // Prices drift: a tab brought back shows fresh ones, as React Query's refetch on focus did.
    const onVisibility = () => {
      if (document.hidden) clearTimeout(timer)
      else if (!inFlight) void poll()
    }
    void poll()
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      document.removeEventListener('visibilitychange', onVisibility)
      clearTimeout(timer)
      inFlight?.abort()
    }
  }, [api, intervalMs])

  return state
}
