// The Mock Transfer button's states (spec section 4): idle, submitting, pending, confirmed.
// Pure, so every transition is unit-tested; the hook in use-transfer.ts runs the effects.

export type TransferState =
  | { phase: 'idle'; error?: string }
  | { phase: 'submitting' }
  | { phase: 'pending'; id: string }
  | { phase: 'confirmed'; id: string }

export type TransferEvent =
  /** The button was pressed. */
  | { type: 'submit' }
  /** POST /api/tx answered with the new transaction's id. */
  | { type: 'created'; id: string }
  /** A poll of GET /api/tx/{id}, or a tx.confirmed event from the stream (whichever is first). */
  | { type: 'confirmed'; id: string }
  /** The create or a poll failed; `message` is the error text of spec section 8. */
  | { type: 'failed'; message: string; id?: string }
  /** The '✅ Confirmed' label has been shown long enough. */
  | { type: 'cleared'; id: string }

export const TX_FAILED = 'Tx failed: '
export const CONFIRMED_LABEL = '✅ Confirmed'
export const TRANSFER_IDLE: TransferState = { phase: 'idle' }

/** The button is disabled while a transfer is on its way. */
export const isTransferBusy = (state: TransferState) => state.phase === 'submitting' || state.phase === 'pending'

/** The transaction the page is waiting for, if any. */
export const pendingId = (state: TransferState) => (state.phase === 'pending' ? state.id : null)

/**
 * The next state. Events that do not fit the current state (a late poll of an earlier
 * transaction, a second press while busy) leave it unchanged, so async answers arriving out of
 * order cannot corrupt it.
 */
export function transferReducer(state: TransferState, event: TransferEvent): TransferState {
  switch (event.type) {
    case 'submit':
      return isTransferBusy(state) ? state : { phase: 'submitting' }
    case 'created':
      return state.phase === 'submitting' ? { phase: 'pending', id: event.id } : state
    case 'confirmed':
      return state.phase === 'pending' && state.id === event.id ? { phase: 'confirmed', id: event.id } : state
    case 'failed': {
      if (!isTransferBusy(state)) return state
      if (event.id !== undefined && pendingId(state) !== event.id) return state
      return { phase: 'idle', error: TX_FAILED + event.message }
    }
    case 'cleared':
      return state.phase === 'confirmed' && state.id === event.id ? TRANSFER_IDLE : state
  }
}

/** The status line under the button. */
export function transferStatus(state: TransferState): string {
  switch (state.phase) {
    case 'idle':
      return state.error ?? ''
    case 'submitting':
      return 'Submitting…'
    case 'pending':
      return 'Pending…'
    case 'confirmed':
      return CONFIRMED_LABEL
  }
}
