import { describe, expect, test } from 'bun:test'
import {
  CONFIRMED_LABEL,
  isTransferBusy,
  pendingId,
  TRANSFER_IDLE,
  transferReducer,
  transferStatus,
  type TransferEvent,
  type TransferState,
} from '#client/features/demo/transfer-machine'

const idle: TransferState = TRANSFER_IDLE
const submitting: TransferState = { phase: 'submitting' }
const pending: TransferState = { phase: 'pending', id: 'a' }
const confirmed: TransferState = { phase: 'confirmed', id: 'a' }
const failedIdle: TransferState = { phase: 'idle', error: 'Tx failed: Boom' }

const run = (events: TransferEvent[], from: TransferState = idle) => events.reduce(transferReducer, from)

describe('transfer state machine', () => {
  test('goes idle, submitting, pending, confirmed and back to idle', () => {
    const seen: string[] = []
    let state = idle
    for (const event of [{ type: 'submit' }, { type: 'created', id: 'a' }, { type: 'confirmed', id: 'a' }, { type: 'cleared', id: 'a' }] as TransferEvent[]) {
      state = transferReducer(state, event)
      seen.push(state.phase)
    }
    expect(seen).toEqual(['submitting', 'pending', 'confirmed', 'idle'])
    expect(state).toEqual(TRANSFER_IDLE)
  })

  test.each<[string, TransferState, TransferEvent, TransferState]>([
    ['a press when idle submits', idle, { type: 'submit' }, submitting],
    ['a press after a failure submits and drops the error', failedIdle, { type: 'submit' }, submitting],
    ['a press while the label shows Confirmed starts a new transfer', confirmed, { type: 'submit' }, submitting],
    ['a press while submitting changes nothing', submitting, { type: 'submit' }, submitting],
    ['a press while pending changes nothing', pending, { type: 'submit' }, pending],
    ['the created id makes it pending', submitting, { type: 'created', id: 'a' }, pending],
    ['an id arriving when not submitting is ignored', idle, { type: 'created', id: 'a' }, idle],
    ['confirmation of the pending id confirms', pending, { type: 'confirmed', id: 'a' }, confirmed],
    ['confirmation of another id (another visitor, an older tx) is ignored', pending, { type: 'confirmed', id: 'b' }, pending],
    ['a second confirmation (poll and stream both) changes nothing', confirmed, { type: 'confirmed', id: 'a' }, confirmed],
    ['confirmation while submitting is ignored (the id is not known yet)', submitting, { type: 'confirmed', id: 'a' }, submitting],
    ['a failed create goes idle with the Tx failed text', submitting, { type: 'failed', message: 'Boom' }, failedIdle],
    ['a failed poll of the pending id goes idle with the text', pending, { type: 'failed', message: 'Boom', id: 'a' }, failedIdle],
    ['a failed poll of an older id is ignored', pending, { type: 'failed', message: 'Boom', id: 'b' }, pending],
    ['a failure when nothing is on its way is ignored', confirmed, { type: 'failed', message: 'Boom' }, confirmed],
    ['the clear timer of the confirmed id clears', confirmed, { type: 'cleared', id: 'a' }, idle],
    ['a stale clear timer of an older transfer is ignored', confirmed, { type: 'cleared', id: 'b' }, confirmed],
    ['a clear while pending is ignored', pending, { type: 'cleared', id: 'a' }, pending],
  ])('%s', (_name, from, event, to) => {
    expect(transferReducer(from, event)).toEqual(to)
  })

  test('the button is disabled exactly while submitting or pending', () => {
    expect([idle, failedIdle, submitting, pending, confirmed].map(isTransferBusy)).toEqual([false, false, true, true, false])
  })

  test('the status line shows the spec texts', () => {
    expect(transferStatus(confirmed)).toBe('✅ Confirmed')
    expect(CONFIRMED_LABEL).toBe('✅ Confirmed')
    expect(transferStatus(failedIdle)).toBe('Tx failed: Boom')
    expect(transferStatus(idle)).toBe('')
    expect(transferStatus(submitting)).toBe('Submitting…')
    expect(transferStatus(pending)).toBe('Pending…')
  })

  test('only a pending transfer has an id to poll', () => {
    expect([idle, submitting, pending, confirmed].map(pendingId)).toEqual([null, null, 'a', null])
  })

  test('a retry after a failure runs the whole flow again', () => {
    const state = run([{ type: 'submit' }, { type: 'failed', message: 'down' }, { type: 'submit' }, { type: 'created', id: 'c' }])
    expect(state).toEqual({ phase: 'pending', id: 'c' })
  })
})
