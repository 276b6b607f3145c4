// Demo room: demo wallet logins (token + nonce to sign), in memory, bounded, 10-minute life.
import { randomBytes } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { Clock } from '#src/lib/clock'
import { newToken } from '#src/lib/tokens'

type Login = { nonce: string; expiresAt: number; used: boolean; failures: number }
export type LoginsOptions = { ttlMs: number; kept: number; maxFailures: number }
export type Lookup = { ok: true; nonce: string } | { ok: false; reason: 'unknown' | 'used' }

/** NOTE: a demo login grants nothing but the right to link a wallet once; it is not a session. */
export class DemoLogins {
  /** Past `kept`, a new login evicts the oldest (reads peek, so the order is the order of issue). */
  private readonly logins: LRUCache<string, Login>

  constructor(
    private readonly clock: Clock,
    private readonly options: LoginsOptions,
  ) {
    this.logins = new LRUCache({ max: options.kept })
  }

  issue(): { token: string; nonce: string } {
    const now = this.clock.now().getTime()
    this.sweep(now)
    const token = newToken()
    const nonce = randomBytes(16).toString('hex')
    this.logins.set(token, { nonce, expiresAt: now + this.options.ttlMs, used: false, failures: 0 })
    return { token, nonce }
  }

  /** The nonce the holder of `token` must sign, unless the login is unknown, expired or spent. */
  lookup(token: string): Lookup {
    const login = this.live(token)
    if (!login) return { ok: false, reason: 'unknown' }
    if (login.used) return { ok: false, reason: 'used' }
    return { ok: true, nonce: login.nonce }
  }

  /** Spends the nonce: it signs in one wallet link only. */
  consume(token: string) {
    const login = this.live(token)
    if (login) login.used = true
  }

  /** Counts a wrong signature; after a few the login is dropped, so nobody grinds at one nonce. */
  fail(token: string) {
    const login = this.live(token)
    if (login && ++login.failures >= this.options.maxFailures) this.logins.delete(token)
  }

  /** Logins held in memory, expired ones not yet swept included (at most `kept`). */
  get size() {
    return this.logins.size
  }

  private live(token: string): Login | null {
    const login = this.logins.peek(token)
    if (!login) return null
    if (login.expiresAt <= this.clock.now().getTime()) {
      this.logins.delete(token)
      return null
    }
    return login
  }

  private sweep(now: number) {
    // Issue order is expiry order (one TTL for all), so the expired ones are the oldest; gathered,
    // then deleted: lru-cache's walk is not for deleting in.
    const expired: string[] = []
    for (const token of this.logins.rkeys()) {
      if (this.logins.peek(token)!.expiresAt > now) break
      expired.push(token)
    }
    for (const token of expired) this.logins.delete(token)
  }
}
