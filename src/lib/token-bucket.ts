// A token bucket on the monotonic clock: `rate` tokens a second, at most `burst` saved up. On
// performance.now(), not the app's clock: it meters a core's seconds or a link's bytes, which a
// test's frozen calendar does not stop.
export class TokenBucket {
  private tokens: number
  private at: number

  constructor(
    private readonly rate: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst
    this.at = now()
  }

  /** True, and the tokens spent, when `n` are there now. */
  take(n = 1): boolean {
    const now = this.now()
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.rate)
    this.at = now
    if (this.tokens < n) return false
    this.tokens -= n
    return true
  }

  /** Gives back `n` tokens taken for work that turned out not to need metering. */
  refund(n = 1): void {
    this.tokens = Math.min(this.burst, this.tokens + n)
  }
}
