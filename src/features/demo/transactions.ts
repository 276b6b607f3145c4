// Demo room: mock transactions kept in memory, confirmed 1-3 s after they are sent.
import { randomBytes, randomInt } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { TxState } from '#src/contract/demo'
import type { Clock } from '#src/lib/clock'

type Tx = { id: string; state: TxState; confirmAt: number; timer: ReturnType<typeof setTimeout> | null }

export type TxOptions = { kept: number; minDelayMs: number; maxDelayMs: number; onCreated(id: string): void; onConfirmed(id: string): void }

/**
 * Confirmation has two triggers: a timer (so `tx.confirmed` is pushed without anyone polling) and
 * the clock at read time (so a late or lost timer never leaves a tx pending past its time).
 */
export class TxStore {
  /** Past `kept`, a new tx evicts the oldest (reads peek), and its timer with it. */
  private readonly txs: LRUCache<string, Tx>
  // Counted where timers are set and cleared, so a timer lost track of (say, on eviction) shows.
  private armed = 0

  constructor(
    private readonly clock: Clock,
    private readonly options: TxOptions,
  ) {
    this.txs = new LRUCache({ max: options.kept, dispose: (tx) => this.clearTimer(tx) })
  }

  create(): string {
    const id = `0x${randomBytes(32).toString('hex')}`
    const delay = randomInt(this.options.minDelayMs, this.options.maxDelayMs + 1)
    const tx: Tx = { id, state: 'pending', confirmAt: this.clock.now().getTime() + delay, timer: null }
    tx.timer = setTimeout(() => this.confirm(tx), delay)
    this.armed++
    this.txs.set(id, tx)
    this.options.onCreated(id)
    return id
  }

  /** The tx's state now, or null for an id we never issued (or evicted). */
  state(id: string): TxState | null {
    const tx = this.txs.peek(id)
    if (!tx) return null
    if (tx.state === 'pending' && this.clock.now().getTime() >= tx.confirmAt) this.confirm(tx)
    return tx.state
  }

  /** Transactions kept and confirmation timers still armed (at most `kept` of each). */
  counts() {
    return { kept: this.txs.size, timers: this.armed }
  }

  /** Stops every pending timer (the app is shutting down). */
  close() {
    for (const tx of this.txs.values()) this.clearTimer(tx)
  }

  private confirm(tx: Tx) {
    this.clearTimer(tx)
    if (tx.state === 'confirmed') return
    tx.state = 'confirmed'
    this.options.onConfirmed(tx.id)
  }

  private clearTimer(tx: Tx) {
    if (!tx.timer) return
    clearTimeout(tx.timer)
    tx.timer = null
    this.armed--
  }
}
