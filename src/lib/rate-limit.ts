// In-memory fixed-window rate limits keyed by client (IP) and bounded in size.
import { BoundedMap } from './bounded-map'
import type { Clock } from './clock'

export type Limit = { max: number; windowMs: number }
export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number }

export class RateLimiter {
  private readonly hits: BoundedMap<string, { count: number; resetAt: number }>

  constructor(
    private readonly limit: Limit,
    private readonly clock: Clock,
    maxKeys = 50_000,
  ) {
    this.hits = new BoundedMap({ max: maxKeys })
  }

  /** Counts one hit for `key` and says whether it is allowed. */
  hit(key: string): Verdict {
    const now = this.clock.now().getTime()
    let entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) {
      if (!entry && this.hits.size >= this.hits.max) this.sweep(now)
      entry = { count: 0, resetAt: now + this.limit.windowMs }
      this.hits.set(key, entry)
    }
    entry.count++
    if (entry.count > this.limit.max) return { ok: false, retryAfterSeconds: (entry.resetAt - now) / 1000 }
    return { ok: true }
  }

  /** Full: the expired windows go first; if none has, the new key evicts the oldest. */
  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key)
  }
}
