// Failed-login throttling in the spirit of Ghost's limiter, checked before any password hashing:
// 4 free failures per IP and per account, then a wait of 10 minutes that doubles with each
// further failure (capped at a day). A success clears both keys.
import type { Clock } from '../../lib/clock'

const FREE_TRIES = 4
const FIRST_WAIT_MS = 10 * 60 * 1000
const MAX_WAIT_MS = 24 * 60 * 60 * 1000
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000
const MAX_KEYS = 50_000

type Entry = { failures: number; lockedUntil: number; lastFailure: number }

export class LoginThrottle {
  private readonly entries = new Map<string, Entry>()

  constructor(private readonly clock: Clock) {}

  /** Seconds to wait before `keys` may try again, or 0. */
  retryAfter(keys: string[]): number {
    const now = this.clock.now().getTime()
    let wait = 0
    for (const key of keys) {
      const e = this.entries.get(key)
      if (e && e.lockedUntil > now) wait = Math.max(wait, e.lockedUntil - now)
    }
    return Math.ceil(wait / 1000)
  }

  fail(keys: string[]) {
    const now = this.clock.now().getTime()
    if (this.entries.size > MAX_KEYS) this.forgetStale(now)
    for (const key of keys) {
      const e = this.entries.get(key)
      const fresh = !e || now - e.lastFailure > FORGET_AFTER_MS
      const failures = fresh ? 1 : e.failures + 1
      const lockedUntil = failures > FREE_TRIES ? now + Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** (failures - FREE_TRIES - 1)) : 0
      this.entries.set(key, { failures, lockedUntil, lastFailure: now })
    }
  }

  succeed(keys: string[]) {
    for (const key of keys) this.entries.delete(key)
  }

  private forgetStale(now: number) {
    for (const [key, e] of this.entries) if (now - e.lastFailure > FORGET_AFTER_MS && e.lockedUntil <= now) this.entries.delete(key)
  }
}

export const BUSY = Symbol('busy')

/** Caps concurrent password hashes so a login flood cannot exhaust memory or CPU. */
export class HashGate {
  private running = 0
  private readonly queue: (() => void)[] = []

  constructor(
    private readonly concurrency = 2,
    private readonly maxQueue = 16,
  ) {}

  /** Runs `work` when a slot is free; BUSY when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T | typeof BUSY> {
    if (this.running >= this.concurrency) {
      if (this.queue.length >= this.maxQueue) return BUSY
      // The finishing job hands its slot over directly, so `running` never overshoots.
      await new Promise<void>((resolve) => this.queue.push(resolve))
    } else {
      this.running++
    }
    try {
      return await work()
    } finally {
      const next = this.queue.shift()
      if (next) next()
      else this.running--
    }
  }
}
