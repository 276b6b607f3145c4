// Contact room: the guards in front of the inbox besides the captcha (per-IP and global limits,
// the honeypot and the minimum fill time), with the values tests may loosen through config.
import type { Config } from '#src/config'
import type { ContactPayload } from '#src/contract/contact'
import type { Clock } from '#src/lib/clock'
import { RateLimiter, type Limit } from '#src/lib/rate-limit'

/** Per IP; every attempt counts, valid or not, so floods of junk are slowed as well. */
export const CONTACT_LIMIT: Limit = { max: 5, windowMs: 10 * 60 * 1000 }
/** All senders together; only messages about to be stored count (decision record 023 in docs/decisions/). */
export const CONTACT_GLOBAL_LIMIT: Limit = { max: 30, windowMs: 10 * 60 * 1000 }
/** A person needs longer than this to fill the form; a browser form sent faster is a bot's. */
export const MIN_FILL_MS = 3000

export type DropReason = 'honeypot' | 'too-fast'

/** Why a valid payload is dropped unstored, or null to store it. An absent formMs is never too fast. */
export function dropReason(input: Pick<ContactPayload, 'website' | 'formMs'>, minFillMs: number): DropReason | null {
  if (input.website?.trim()) return 'honeypot'
  if (input.formMs !== undefined && input.formMs < minFillMs) return 'too-fast'
  return null
}

/** The limiters and threshold of one app instance (so test servers in one process never share counts). */
export function contactGuards(config: Config, clock: Clock) {
  const overrides = config.contactGuards ?? {}
  return {
    perIp: new RateLimiter(CONTACT_LIMIT, clock),
    global: new RateLimiter(overrides.global ?? CONTACT_GLOBAL_LIMIT, clock),
    minFillMs: overrides.minFillMs ?? MIN_FILL_MS,
  }
}
