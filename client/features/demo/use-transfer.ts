// The Mock Transfer flow: POST /api/tx, poll GET /api/tx/{id} every 400 ms until confirmed,
// show '✅ Confirmed' for 1.2 s. The states are transfer-machine.ts's; this runs the effects.
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { errorText, isAbortError } from '#client/lib/api'
import type { DemoTimings } from './constants'
import type { DemoApi } from './api'
import { shortHex } from './format'
import { CONFIRMED_LABEL, isTransferBusy, pendingId, TRANSFER_IDLE, transferReducer, TX_FAILED } from './transfer-machine'
import type { Log } from './use-timeline'
import type { Notify } from './use-toasts'

type Options = { api: DemoApi; timings: DemoTimings; log: Log; notify: Notify }
/** Ids of our own transactions, to tell them from other visitors' on the shared stream. */
const OWN_KEPT = 20

export function useTransfer({ api, timings, log, notify }: Options) {
  const [state, dispatch] = useReducer(transferReducer, TRANSFER_IDLE)
  // A second click before React re-renders must not send a second POST.
  const busy = useRef(false)
  const own = useRef<string[]>([])
  useEffect(() => {
    busy.current = isTransferBusy(state)
  }, [state])

  const fail = useCallback(
    (e: unknown, id?: string) => {
      const message = errorText(e)
      log('error', TX_FAILED + message)
      notify(TX_FAILED + message, 'error')
      dispatch({ type: 'failed', message, ...(id ? { id } : {}) })
    },
    [log, notify],
  )

  const submit = useCallback(async () => {
    if (busy.current) return
    busy.current = true
    dispatch({ type: 'submit' })
    log('action', 'Mock Transfer', 'POST /api/tx')
    try {
      const { id } = await api.createTx()
      own.current = [id, ...own.current].slice(0, OWN_KEPT)
      log('action', 'Transaction submitted', shortHex(id))
      dispatch({ type: 'created', id })
    } catch (e) {
      fail(e)
    }
  }, [api, log, fail])

  const id = pendingId(state)
  useEffect(() => {
    if (!id) return
    const controller = new AbortController()
    let timer: ReturnType<typeof setTimeout>
    const poll = async () => {
      try {
        const status = await api.txStatus(id, controller.signal)
        if (controller.signal.aborted) return
        log('action', `Poll ${shortHex(id)}`, status.state)
        if (status.state === 'confirmed') dispatch({ type: 'confirmed', id })
        else timer = setTimeout(poll, timings.txPollMs)
      } catch (e) {
        if (!controller.signal.aborted && !isAbortError(e)) fail(e, id)
      }
    }
    timer = setTimeout(poll, timings.txPollMs)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [id, api, timings.txPollMs, log, fail])

  const confirmedId = state.phase === 'confirmed' ? state.id : null
  useEffect(() => {
    if (!confirmedId) return
    log('action', CONFIRMED_LABEL, shortHex(confirmedId))
    const timer = setTimeout(() => dispatch({ type: 'cleared', id: confirmedId }), timings.confirmedClearMs)
    return () => clearTimeout(timer)
  }, [confirmedId, timings.confirmedClearMs, log])

  /** A tx.confirmed from the stream: settles a pending transfer early; true when it is ours. */
  const streamConfirmed = useCallback((txId: string) => {
    dispatch({ type: 'confirmed', id: txId })
    return own.current.includes(txId)
  }, [])

  return { state, submit, streamConfirmed }
}
