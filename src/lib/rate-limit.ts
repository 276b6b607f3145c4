// In-memory fixed-window rate limits keyed by client (IP) and bounded in size.
import { LRUCache } from 'lru-cache'
import type { Clock } from './clock'

export type Limit = { max: number; windowMs: number }
export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number }

export class RateLimiter {
  /**
   * Least recently hit key first: past `maxKeys` it is forgotten, one for each new key (lru-cache).
   * A key not hit for a whole window sits behind every live window, so spent windows go first
   * without a sweep of every key on each new one (the Map before needed it).
   */
  private readonly hits: LRUCache<string, { count: number; resetAt: number }>

  constructor(
    private readonly limit: Limit,
    private readonly clock: Clock,
    maxKeys = 50_000,
  ) {
    // NOTE: counted with maxSize, not max, which would allocate every slot at start (decision 067).
    this.hits = new LRUCache({ maxSize: maxKeys, sizeCalculation: () => 1 })
  }

  /** Counts one hit for `key` and says whether it is allowed. */
  hit(key: string): Verdict {
    const now = this.clock.now().getTime()
    let entry = this.hits.get(key)
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.limit.windowMs }
      this.hits.set(key, entry)
    }
    entry.count++
    if (entry.count > this.limit.max) return { ok: false, retryAfterSeconds: (entry.resetAt - now) / 1000 }
    return { ok: true }
  }
}
