// In-memory fixed-window rate limits keyed by client (IP) and bounded in size.
import type { Clock } from './clock'

export type Limit = { max: number; windowMs: number }
export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number }

export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>()

  constructor(
    private readonly limit: Limit,
    private readonly clock: Clock,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one hit for `key` and says whether it is allowed. */
  hit(key: string): Verdict {
    const now = this.clock.now().getTime()
    let entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) {
      if (!entry && this.hits.size >= this.maxKeys) this.sweep(now)
      entry = { count: 0, resetAt: now + this.limit.windowMs }
      this.hits.set(key, entry)
    }
    entry.count++
    if (entry.count > this.limit.max) return { ok: false, retryAfterSeconds: (entry.resetAt - now) / 1000 }
    return { ok: true }
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key)
    // Still full: forget the oldest keys rather than grow without bound.
    while (this.hits.size >= this.maxKeys) this.hits.delete(this.hits.keys().next().value!)
  }
}
