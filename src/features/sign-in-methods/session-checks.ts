// Sign-in methods room: the throttle on what a signed-in session may guess (decision 063): the code
// that turns the second factor off or renews the recovery codes, and the password or code of a
// re-authentication. A stolen session could otherwise try every code in a minute.
import { LRUCache } from 'lru-cache'
import { REAUTH_MESSAGES } from '#src/contract/auth'
import type { Clock } from '#src/lib/clock'
import { tooMany } from '#src/lib/http-error'
import { LoginThrottle } from '#src/features/auth'

/**
 * Sessions with wrong guesses on record. NOTE: only a sign-in makes a session, so strangers cannot
 * add keys; the bound holds anyway, the least recently failed forgotten past it (about 330 bytes each).
 */
export const MAX_SESSIONS = 1000

/**
 * Per session, as sign-ins per address: 4 wrong guesses, then a wait of 10 minutes doubling with
 * each further one (login-throttle.ts). Counted before the check, so parallel guesses cannot all
 * be evaluated; a right answer clears the count.
 */
export function sessionChecks(clock: Clock) {
  const throttle = new LoginThrottle(clock, MAX_SESSIONS)
  const key = (sessionId: string) => `session:${sessionId.slice(0, 32)}`
  /** The TOTP step a session's re-authentication took, and when. */
  const steps = new LRUCache<string, { step: number; at: number }>({ max: MAX_SESSIONS })
  return {
    /** Counts a guess as wrong before it is checked; throws 429 while the session must wait. */
    begin(sessionId: string): void {
      const wait = throttle.reserve(key(sessionId))
      if (wait > 0) throw tooMany(wait, REAUTH_MESSAGES.tooMany)
    },
    /** The guess was right: the count starts over. */
    passed: (sessionId: string) => throttle.succeed(key(sessionId)),
    /** Nothing was guessed after all (the code was still to be asked for). */
    notCounted: (sessionId: string) => throttle.refund(key(sessionId)),
    /**
     * NOTE: the owner types a code to turn the app off, is asked to confirm it is them, types the
     * same code there (taken now), and the change is sent again with it: that code, once more, for
     * this session only, within a step or two, counts.
     */
    rememberStep: (sessionId: string, step: number) => steps.set(key(sessionId), { step, at: clock.now().getTime() }),
    /** True, once, for the step this session's re-authentication took within the last minute and a half. */
    takeStep(sessionId: string, step: number): boolean {
      const kept = steps.get(key(sessionId))
      steps.delete(key(sessionId))
      return kept !== undefined && kept.step === step && clock.now().getTime() - kept.at <= 90_000
    },
  }
}

export type SessionChecks = ReturnType<typeof sessionChecks>
