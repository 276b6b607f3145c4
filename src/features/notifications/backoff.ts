// Notifications room: when a failed notification is tried again, and when folio stops trying.
import { DAY, HOUR } from '#src/lib/clock'

export type RetryPolicy = {
  /** The wait after the 1st, 2nd, ... failure; the last one repeats. */
  delaysMs: readonly number[]
  /** Counted from the message: the last try is this long after it, then folio gives up. */
  giveUpMs: number
}

const MINUTE = 60_000

/** 30 s, 2 min, 10 min, 1 h, then every 6 h, the last try 24 h after the message. */
export const RETRY: RetryPolicy = { delaysMs: [30_000, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR], giveUpMs: DAY }

/**
 * When to try again after failure number `attempts` (1 for the first), or null to give up. The
 * wait never runs past the give-up time, so the last try happens exactly then.
 */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date, policy: RetryPolicy = RETRY): Date | null {
  const deadline = createdAt.getTime() + policy.giveUpMs
  if (now.getTime() >= deadline) return null
  const delays = policy.delaysMs
  const wait = delays[Math.min(Math.max(attempts, 1), delays.length) - 1] ?? 0
  return new Date(Math.min(now.getTime() + wait, deadline))
}
