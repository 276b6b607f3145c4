// Sign-in methods room: how many password checks a second strangers may start, whatever their addresses.
import { TokenBucket } from '#src/lib/token-bucket'

/**
 * Four argon2id checks a second (12 MiB, three passes: about 26-40 ms of a core each) is a sixth of a
 * core. A flood from thousands of fresh addresses took two cores before (bench/soak-probe.ts:
 * 2,257 checks in a minute), and every visitor waited behind it. The owner signs in a few times a
 * day; a known device (device-cookie.ts) is never held to this.
 */
export const CHECKS_PER_SECOND = 4
/** Checks that may start at once after a quiet spell: a typo and a retry never wait. */
export const CHECK_BURST = 8

/** The check budget: a token per check (src/lib/token-bucket.ts); the owner's success gives its token back. */
export class HashBudget extends TokenBucket {
  constructor(rate = CHECKS_PER_SECOND, burst = CHECK_BURST, now?: () => number) {
    super(rate, burst, now)
  }
}
