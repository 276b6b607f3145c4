// Sign-in methods room: whether a session proved it is the owner recently (decision 063). A stolen
// session alone changes no sign-in method: each change needs its sign-in, or a re-authentication,
// within the last REAUTH_MINUTES.
import { eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { sessions } from '#db/schema'
import { REAUTH_MESSAGES, REAUTH_MINUTES, REAUTH_REQUIRED } from '#src/contract/auth'
import type { Clock } from '#src/lib/clock'
import { HttpError } from '#src/lib/http-error'

export const REAUTH_MS = REAUTH_MINUTES * 60 * 1000

export const reauthRequired = () => new HttpError(403, REAUTH_MESSAGES.required, [{ message: REAUTH_MESSAGES.required, code: REAUTH_REQUIRED }])

/** Throws the 403 `reauth_required` unless the session proved it is the owner within REAUTH_MS. */
export function requireRecentProof(db: Db, sessionId: string, clock: Clock): void {
  const at = db.select({ at: sessions.reauthenticatedAt }).from(sessions).where(eq(sessions.tokenHash, sessionId)).get()?.at
  const age = at ? clock.now().getTime() - Date.parse(at) : Infinity
  if (!(age >= 0 && age <= REAUTH_MS)) throw reauthRequired()
}

/** Records a re-authentication; returns until when it counts. */
export function recordProof(db: Db, sessionId: string, clock: Clock): string {
  const now = clock.now()
  db.update(sessions).set({ reauthenticatedAt: now.toISOString() }).where(eq(sessions.tokenHash, sessionId)).run()
  return new Date(now.getTime() + REAUTH_MS).toISOString()
}
