// Auth room: the single admin, password hashes (argon2id) and server-side sessions.
import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { admins, sessions } from '#db/schema'
import type { SignInMethod } from '#src/contract/auth'
import { LIMITS } from '#src/contract/limits'
import type { SiteOrigin } from '#src/contract/site-origin'
import { HOUR, type Clock } from '#src/lib/clock'
import { newToken, sha256 } from '#src/lib/tokens'
import { readSessionToken } from './session-cookie'

export type Admin = { id: number; email: string }
/** The session a request carries: its admin, and its id (the token's hash) for the session list. */
export type SessionOf = Admin & { sessionId: string }

/** A session's last use is written at most this often: reads stay reads. */
const LAST_SEEN_EVERY_MS = 5 * 60 * 1000
const USER_AGENT_MAX = 300

/**
 * argon2id at 12 MiB and 3 passes, one of OWASP's equivalent settings (19 MiB and 2 passes is
 * another): as strong, a little faster here (26 ms against 30), and 7 MiB less resident while a
 * hash runs, which a 1 GB machine under a login flood feels (docs/decisions/security/006, bench/reports/SOAK.md).
 */
const ARGON2 = { algorithm: 'argon2id', memoryCost: 12288, timeCost: 3 } as const
const CURRENT = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=1$`
const hash = (password: string) => Bun.password.hash(password, ARGON2)
/** The stored hash of a new password: the first run's admin (src/features/setup), an admin set from outside (src/features/sign-in-methods/admin-account.ts). */
export const hashPassword = hash
// Verifying against a fixed hash when the email is unknown keeps the timing of both paths alike.
let dummyHash: Promise<string> | null = null

/**
 * Rehashes a hash made with older parameters, now that the password is known. `updated_at` stays:
 * the credentials are the same, and the login throttle watches it for changes.
 */
export async function upgradeHash(db: Db, row: { id: number; passwordHash: string }, password: string) {
  if (row.passwordHash.startsWith(CURRENT)) return
  const passwordHash = await hash(password)
  db.update(admins).set({ passwordHash }).where(and(eq(admins.id, row.id), eq(admins.passwordHash, row.passwordHash))).run()
}

export async function verifyCredentials(db: Db, email: string, password: string): Promise<Admin | null> {
  const row = db.select().from(admins).where(eq(admins.email, email.trim().toLowerCase())).get()
  if (!row) {
    dummyHash ??= hash('folio-dummy-password')
    await Bun.password.verify(password, await dummyHash)
    return null
  }
  if (!(await Bun.password.verify(password, row.passwordHash))) return null
  await upgradeHash(db, row, password)
  return { id: row.id, email: row.email }
}

/** False once the owner turned password sign-in off (with a passkey to sign in with). */
export function passwordSignInAllowed(db: Db): boolean {
  return db.select({ on: admins.passwordSignIn }).from(admins).orderBy(asc(admins.id)).limit(1).get()?.on ?? true
}

/** The admin's email and a stamp that changes whenever its credentials are set, by any process. */
export function adminStamp(db: Db): { email: string; stamp: string } | null {
  const row = db.select({ id: admins.id, email: admins.email, updatedAt: admins.updatedAt }).from(admins).orderBy(asc(admins.id)).limit(1).get()
  return row ? { email: row.email, stamp: `${row.id}:${row.updatedAt}` } : null
}

/**
 * A fresh 256-bit token per login; only its hash is stored, with how it signed in and from which
 * browser. Signing in is proof of being the owner, so a new session counts as re-authenticated
 * (decision 063): the first run's "add a passkey" asks for nothing more.
 */
export function createSession(db: Db, adminId: number, clock: Clock, how: { method: SignInMethod; userAgent?: string | null } = { method: 'password' }): { token: string; expiresAt: Date } {
  const now = clock.now()
  const expiresAt = new Date(now.getTime() + LIMITS.sessionHours * HOUR)
  const token = newToken()
  db.transaction((tx) => {
    tx.delete(sessions).where(lte(sessions.expiresAt, now.toISOString())).run()
    tx.insert(sessions)
      .values({ tokenHash: sha256(token), adminId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString(), method: how.method, userAgent: how.userAgent?.slice(0, USER_AGENT_MAX) ?? null, lastSeenAt: now.toISOString(), reauthenticatedAt: now.toISOString() })
      .run()
  }, { behavior: 'immediate' })
  return { token, expiresAt }
}

export function findSession(db: Db, token: string, clock: Clock): SessionOf | null {
  const now = clock.now()
  const tokenHash = sha256(token)
  const row = db
    .select({ id: admins.id, email: admins.email, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now.toISOString())))
    .get()
  if (!row) return null
  if (!row.lastSeenAt || now.getTime() - Date.parse(row.lastSeenAt) >= LAST_SEEN_EVERY_MS) {
    db.update(sessions).set({ lastSeenAt: now.toISOString() }).where(eq(sessions.tokenHash, tokenHash)).run()
  }
  return { id: row.id, email: row.email, sessionId: tokenHash }
}

/** The admin whose live session the Cookie header carries, or null. */
export function sessionAdmin(db: Db, cookieHeader: string | null, site: Pick<SiteOrigin, 'secure'>, clock: Clock): SessionOf | null {
  const token = readSessionToken(cookieHeader, site)
  return token ? findSession(db, token, clock) : null
}

export function deleteSession(db: Db, token: string) {
  db.delete(sessions).where(eq(sessions.tokenHash, sha256(token))).run()
}
