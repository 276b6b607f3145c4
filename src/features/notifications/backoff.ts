// Notifications room: when a failed notification is tried again, and when folio stops trying.
import type { RetryPolicy } from '#src/config/notify-env'
import { nextTryAt } from '#src/contract/retry'
import { DAY, HOUR } from '#src/lib/clock'

const MINUTE = 60_000

/** 30 s, 2 min, 10 min, 1 h, then every 6 h, the last try 24 h after the message. */
export const RETRY: RetryPolicy = { delaysMs: [30_000, 2 * MINUTE, 10 * MINUTE, HOUR, 6 * HOUR], giveUpMs: DAY }

/**
 * When to try again after failure number `attempts` (1 for the first), or null to give up. The
 * wait never runs past the give-up time, so the last try happens exactly then.
 */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date, policy: RetryPolicy = RETRY): Date | null {
  const at = nextTryAt(policy.delaysMs, attempts, now.getTime(), createdAt.getTime() + policy.giveUpMs)
  return at === null ? null : new Date(at)
}
