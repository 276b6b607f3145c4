// Auth room: how many password checks a second strangers may start, whatever their addresses.
/**
 * Four argon2id checks a second (12 MiB, three passes: about 26-40 ms of a core each) is a sixth of a
 * core. A flood from thousands of fresh addresses took two cores before (bench/soak-probe.ts:
 * 2,257 checks in a minute), and every visitor waited behind it. The owner signs in a few times a
 * day; a known device (device-cookie.ts) is never held to this.
 */
export const CHECKS_PER_SECOND = 4
/** Checks that may start at once after a quiet spell: a typo and a retry never wait. */
export const CHECK_BURST = 8

/**
 * A token bucket: take() is true when a check may start now. On the monotonic clock, not the
 * app's: it meters a core's seconds, which a test's frozen calendar does not stop.
 */
export class HashBudget {
  private tokens: number
  private at: number

  constructor(
    private readonly rate = CHECKS_PER_SECOND,
    private readonly burst = CHECK_BURST,
    private readonly now = () => performance.now(),
  ) {
    this.tokens = burst
    this.at = now()
  }

  /** Gives back a token taken for a check that did not need metering (the owner's success). */
  refund(): void {
    this.tokens = Math.min(this.burst, this.tokens + 1)
  }

  take(): boolean {
    const now = this.now()
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate)
    this.at = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
