// Auth room: failed-login throttling by source, and the count of the account's failures (decision 006).
import { LRUCache } from 'lru-cache'
import type { Clock } from '#src/lib/clock'

const FREE_TRIES = 4
const FIRST_WAIT_MS = 10 * 60 * 1000
const MAX_WAIT_MS = 24 * 60 * 60 * 1000
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000
const ACCOUNT_WINDOW_MS = 15 * 60 * 1000
const ACCOUNT_THRESHOLD = 10
/**
 * NOTE: a hard ceiling, not a sweep: past it the source whose last failure is oldest is forgotten,
 * one for each new one (lru-cache; decision 067). An entry is a key of at most 64 characters and
 * three numbers, about 330 bytes with the cache's share (measured: 10,000 entries, 3.1 MiB of heap
 * with IPv4 keys, 3.3 MiB with 64-character ones), so the throttle never holds more than ~3 MiB.
 */
export const MAX_SOURCES = 10_000

type Entry = { failures: number; lockedUntil: number; lastFailure: number }

/**
 * Each source (src/lib/client-source.ts) has 4 free failures, then waits 10 minutes, doubling with each
 * further failure up to a day. The account is never locked, or anyone could lock the owner out:
 * past 10 failures in 15 minutes it is only "under attack", which slows sources with failures.
 */
export class LoginThrottle {
  // Reads peek, so only a failure (a set) makes a source the newest: the least recently failed goes first.
  private readonly sources: LRUCache<string, Entry>
  /** The last ACCOUNT_THRESHOLD + 1 failure times for the admin's email, oldest first. */
  private accountFailures: number[] = []
  private adminStamp: string | null | undefined

  constructor(
    private readonly clock: Clock,
    maxSources = MAX_SOURCES,
  ) {
    // NOTE: counted with maxSize, not max, which would allocate every slot at start (decision 067).
    this.sources = new LRUCache({ maxSize: maxSources, sizeCalculation: () => 1 })
  }

  get size() {
    return this.sources.size
  }

  /**
   * `folio admin set-password` runs in another process: when the admin row changed since the last
   * attempt (another password, another email), every failure on record is forgotten.
   */
  observeAdmin(stamp: string | null) {
    if (this.adminStamp !== undefined && stamp !== this.adminStamp) {
      this.sources.clear()
      this.accountFailures = []
    }
    this.adminStamp = stamp
  }

  /** Seconds `source` must wait before trying again, or 0. */
  retryAfter(source: string): number {
    const now = this.clock.now().getTime()
    const e = this.sources.peek(source)
    return e && e.lockedUntil > now ? Math.ceil((e.lockedUntil - now) / 1000) : 0
  }

  hasFailures(source: string): boolean {
    const e = this.sources.peek(source)
    return e !== undefined && this.clock.now().getTime() - e.lastFailure <= FORGET_AFTER_MS
  }

  /**
   * Counts an attempt as a failure before its password is hashed, in the same tick as the check,
   * so parallel attempts cannot all pass the check first; a success or a refund takes it back.
   * Returns the seconds to wait instead when the source is locked, else 0.
   */
  reserve(source: string): number {
    const wait = this.retryAfter(source)
    if (wait > 0) return wait
    const now = this.clock.now().getTime()
    const e = this.sources.peek(source)
    const failures = e && now - e.lastFailure <= FORGET_AFTER_MS ? e.failures + 1 : 1
    const lockedUntil = failures >= FREE_TRIES ? now + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES)) : 0
    this.sources.set(source, { failures, lockedUntil, lastFailure: now })
    return 0
  }

  /**
   * Takes back a reservation that never reached the hash. Its source cannot have been locked by
   * anything else meanwhile (a lock stops every later reservation), so the lock goes with it.
   */
  refund(source: string) {
    const e = this.sources.peek(source)
    if (!e) return
    if (e.failures <= 1) this.sources.delete(source)
    else this.sources.set(source, { ...e, failures: e.failures - 1, lockedUntil: 0 })
  }

  succeed(source: string) {
    this.sources.delete(source)
  }

  /** A wrong password for the admin's own email, from any source. */
  accountFailed() {
    this.accountFailures.push(this.clock.now().getTime())
    if (this.accountFailures.length > ACCOUNT_THRESHOLD + 1) this.accountFailures.shift()
  }

  /** More than ACCOUNT_THRESHOLD failures for the admin within the window. */
  underAttack(): boolean {
    const oldest = this.accountFailures[0]
    return this.accountFailures.length > ACCOUNT_THRESHOLD && this.clock.now().getTime() - oldest! <= ACCOUNT_WINDOW_MS
  }
}
