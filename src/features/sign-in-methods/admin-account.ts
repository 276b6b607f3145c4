// Sign-in methods room: the admin set from outside, by ADMIN_EMAIL and ADMIN_PASSWORD at start
// (src/server.ts) or by `folio admin set-password`. Here rather than in the auth room because a
// replaced admin's sign-in methods (./forget.ts) go with it.
import { asc, eq, ne } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { admins, sessions } from '#db/schema'
import { hashPassword, upgradeHash, type Admin } from '#src/features/auth'
import type { Clock } from '#src/lib/clock'
import { forgetSignInMethods } from './forget'

/**
 * Leaves exactly one admin, `email` with `password`: the admin of that email, else the one there
 * is under its new email (contract: another email replaces the old admin), else a new one. Every
 * session ends, even when the password is unchanged (CLI rescue). A replaced admin's passkeys,
 * second factor and password policy go in the same transaction: they were the old owner's.
 * NOTE: the schema cannot hold "one row" (db/ is not this room's to migrate), so this does.
 */
export async function upsertAdmin(db: Db, email: string, password: string, clock: Clock): Promise<Admin> {
  const now = clock.now().toISOString()
  const passwordHash = await hashPassword(password)
  const key = email.trim().toLowerCase()
  return db.transaction((tx) => {
    const rows = tx.select({ id: admins.id, email: admins.email }).from(admins).orderBy(asc(admins.id)).all()
    const keep = rows.find((r) => r.email === key) ?? rows[0]
    // Sessions belong to admins only, and all of them were made with credentials now gone.
    tx.delete(sessions).run()
    if (!keep) {
      const row = tx.insert(admins).values({ email: key, passwordHash, createdAt: now, updatedAt: now }).returning().get()
      return { id: row.id, email: row.email }
    }
    tx.delete(admins).where(ne(admins.id, keep.id)).run()
    if (keep.email !== key) forgetSignInMethods(tx, keep.id)
    // A new password is the rescue (`folio admin set-password`): it signs in again, whatever the policy was.
    tx.update(admins).set({ email: key, passwordHash, passwordSignIn: true, updatedAt: now }).where(eq(admins.id, keep.id)).run()
    return { id: keep.id, email: key }
  }, { behavior: 'immediate' })
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: leaves that one admin, writing only when something differs.
 * NOTE: an unchanged password writes nothing and keeps every session (a restart must not sign
 * anyone out); checking costs one argon2 verify, as much as the hash it saves.
 */
export async function ensureAdmin(db: Db, email: string, password: string, clock: Clock): Promise<Admin> {
  const key = email.trim().toLowerCase()
  const rows = db.select().from(admins).all()
  const only = rows.length === 1 ? rows[0]! : null
  if (only?.email === key && (await Bun.password.verify(password, only.passwordHash).catch(() => false))) {
    await upgradeHash(db, only, password)
    return { id: only.id, email: key }
  }
  return upsertAdmin(db, email, password, clock)
}
