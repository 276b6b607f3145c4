// When to try again, for every retry in folio: the notification outbox, the purges of the caches
// in front and the demo's event stream (decision 067). Isomorphic (the demo runs it in the
// browser): setTimeout is its only timer.

/** The waits after the 1st, 2nd, … failure, in ms; the last one repeats. */
export type Backoff = readonly number[]

/** `count` waits from `firstMs`, each double the one before, none past `maxMs`. */
export const doubling = (firstMs: number, count: number, maxMs = Infinity): Backoff =>
  Array.from({ length: count }, (_, i) => Math.min(firstMs * 2 ** i, maxMs))

/**
 * The wait after failure number `failure` (1 for the first). A failure below 1, fractional or not
 * a number counts as the nearest sane one; past the list, the last wait repeats; no waits, 0.
 */
export function backoffDelay(waits: Backoff, failure: number): number {
  const n = Math.max(1, Math.floor(failure) || 1)
  return waits[Math.min(n, waits.length) - 1] ?? 0
}

/**
 * When to try again after failure number `failure` (ms since the epoch), or null to give up: at
 * `giveUpAt` or later. The wait never runs past `giveUpAt`, so the last try happens exactly then.
 */
export function nextTryAt(waits: Backoff, failure: number, now: number, giveUpAt: number): number | null {
  if (now >= giveUpAt) return null
  return Math.min(now + backoffDelay(waits, failure), giveUpAt)
}

export type Tried<T> = { ok: true; value: T; tries: number } | { ok: false; error: unknown; tries: number }

export type RetryOptions = {
  waits: Backoff
  /** Tries at most, the first included. */
  tries: number
  /** Asked after each failure: true gives up at once (the app is stopping). */
  stop?: () => boolean
  /** Each failure that is followed by a wait, with that wait. */
  onRetry?: (error: unknown, tries: number, waitMs: number) => void
}

/** Calls `call` until it resolves, waiting `waits` between failures; never rejects: the outcome says how it went. */
export async function retry<T>(call: (attempt: number) => Promise<T>, { waits, tries, stop, onRetry }: RetryOptions): Promise<Tried<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await call(attempt), tries: attempt }
    } catch (error) {
      if (attempt >= tries || stop?.()) return { ok: false, error, tries: attempt }
      const wait = backoffDelay(waits, attempt)
      onRetry?.(error, attempt, wait)
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }
}
