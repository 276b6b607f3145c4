// Setup room: one-time setup addresses of the first run (only a SHA-256 of each token is kept) and
// the one transaction that turns a valid token into the first admin (docs/decisions/security/050).
import { and, desc, eq, gt, lte, notInArray, sql } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { admins, setupTokens } from '#db/schema'
import { SETUP_HOURS } from '#src/contract/owner/setup'
import { HOUR, type Clock } from '#src/lib/clock'
import { newToken, sha256 } from '#src/lib/tokens'
import type { Admin } from '#src/features/auth'

/** Live addresses kept at once: a start that crashes in a loop must not grow the table. */
export const MAX_LIVE_TOKENS = 10

export const adminExists = (db: Db): boolean => db.select({ n: sql<number>`1` }).from(admins).limit(1).get() !== undefined

/**
 * A fresh token, valid SETUP_HOURS; earlier live ones keep working (a copied address from the last
 * start still opens). Expired ones and all but the newest MAX_LIVE_TOKENS are deleted.
 */
export function issueSetupToken(db: Db, clock: Clock): { token: string; expiresAt: Date } {
  const now = clock.now()
  const expiresAt = new Date(now.getTime() + SETUP_HOURS * HOUR)
  const token = newToken()
  db.transaction((tx) => {
    tx.delete(setupTokens).where(lte(setupTokens.expiresAt, now.toISOString())).run()
    tx.insert(setupTokens).values({ tokenHash: sha256(token), createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() }).run()
    const keep = tx.select({ h: setupTokens.tokenHash }).from(setupTokens).orderBy(desc(setupTokens.createdAt)).limit(MAX_LIVE_TOKENS).all()
    tx.delete(setupTokens).where(notInArray(setupTokens.tokenHash, keep.map((k) => k.h))).run()
  }, { behavior: 'immediate' })
  return { token, expiresAt }
}

/** True when `token` is a live setup token. */
export function setupTokenValid(db: Db, token: string, clock: Clock): boolean {
  const row = db
    .select({ h: setupTokens.tokenHash })
    .from(setupTokens)
    .where(and(eq(setupTokens.tokenHash, sha256(token)), gt(setupTokens.expiresAt, clock.now().toISOString())))
    .get()
  return row !== undefined
}

export type FirstAdmin = Admin | 'exists' | 'invalid'

/**
 * Creates the first admin when `token` is still live and no admin exists, and deletes every setup
 * token, in one immediate transaction: of two setups at once exactly one finds no admin.
 * `passwordHash` is hashed before (argon2 is async; the transaction must not wait on it).
 */
export function createFirstAdmin(db: Db, input: { token: string; email: string; passwordHash: string }, clock: Clock): FirstAdmin {
  const now = clock.now().toISOString()
  return db.transaction((tx) => {
    if (tx.select({ id: admins.id }).from(admins).limit(1).get()) return 'exists'
    const live = tx
      .select({ h: setupTokens.tokenHash })
      .from(setupTokens)
      .where(and(eq(setupTokens.tokenHash, sha256(input.token)), gt(setupTokens.expiresAt, now)))
      .get()
    if (!live) return 'invalid'
    const row = tx.insert(admins).values({ email: input.email, passwordHash: input.passwordHash, createdAt: now, updatedAt: now }).returning().get()
    tx.delete(setupTokens).run()
    return { id: row.id, email: row.email }
  }, { behavior: 'immediate' })
}
