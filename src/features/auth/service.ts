// Auth room: the single admin, password hashes (argon2id) and server-side sessions.
import { and, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '../../../db/connection'
import { admins, sessions } from '../../../db/schema'
import { LIMITS } from '../../contract/limits'
import { HOUR, type Clock } from '../../lib/clock'
import { newToken, sha256 } from '../../lib/tokens'
import { readSessionToken } from './session-cookie'

export type Admin = { id: number; email: string }

const hash = (password: string) => Bun.password.hash(password, { algorithm: 'argon2id' })
// Verifying against a fixed hash when the email is unknown keeps the timing of both paths alike.
let dummyHash: Promise<string> | null = null

/** Creates the admin, or sets its password and ends its sessions even when unchanged (CLI rescue). */
export async function upsertAdmin(db: Db, email: string, password: string, clock: Clock): Promise<Admin> {
  const now = clock.now().toISOString()
  const passwordHash = await hash(password)
  const key = email.trim().toLowerCase()
  const existing = db.select().from(admins).where(eq(admins.email, key)).get()
  if (existing) {
    db.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, existing.id)).run()
    // A new password ends every session made with the old one.
    db.delete(sessions).where(eq(sessions.adminId, existing.id)).run()
    return { id: existing.id, email: key }
  }
  const row = db.insert(admins).values({ email: key, passwordHash, createdAt: now, updatedAt: now }).returning().get()
  return { id: row.id, email: row.email }
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates the admin, or sets its password when it changed.
 * NOTE: an unchanged password writes nothing and keeps every session (a restart must not sign
 * anyone out); checking costs one argon2 verify, as much as the hash it saves.
 */
export async function ensureAdmin(db: Db, email: string, password: string, clock: Clock): Promise<Admin> {
  const key = email.trim().toLowerCase()
  const existing = db.select().from(admins).where(eq(admins.email, key)).get()
  if (existing && (await Bun.password.verify(password, existing.passwordHash).catch(() => false))) return { id: existing.id, email: key }
  return upsertAdmin(db, email, password, clock)
}

export async function verifyCredentials(db: Db, email: string, password: string): Promise<Admin | null> {
  const row = db.select().from(admins).where(eq(admins.email, email.trim().toLowerCase())).get()
  if (!row) {
    dummyHash ??= hash('folio-dummy-password')
    await Bun.password.verify(password, await dummyHash)
    return null
  }
  return (await Bun.password.verify(password, row.passwordHash)) ? { id: row.id, email: row.email } : null
}

/** A fresh 256-bit token per login; only its hash is stored. */
export function createSession(db: Db, adminId: number, clock: Clock): { token: string; expiresAt: Date } {
  const now = clock.now()
  const expiresAt = new Date(now.getTime() + LIMITS.sessionHours * HOUR)
  const token = newToken()
  db.transaction((tx) => {
    tx.delete(sessions).where(lte(sessions.expiresAt, now.toISOString())).run()
    tx.insert(sessions).values({ tokenHash: sha256(token), adminId, createdAt: now.toISOString(), expiresAt: expiresAt.toISOString() }).run()
  }, { behavior: 'immediate' })
  return { token, expiresAt }
}

export function findSession(db: Db, token: string, clock: Clock): Admin | null {
  const row = db
    .select({ id: admins.id, email: admins.email })
    .from(sessions)
    .innerJoin(admins, eq(admins.id, sessions.adminId))
    .where(and(eq(sessions.tokenHash, sha256(token)), gt(sessions.expiresAt, clock.now().toISOString())))
    .get()
  return row ?? null
}

/** The admin whose live session the Cookie header carries, or null. */
export function sessionAdmin(db: Db, cookieHeader: string | null, siteUrl: string, clock: Clock): Admin | null {
  const token = readSessionToken(cookieHeader, siteUrl)
  return token ? findSession(db, token, clock) : null
}

export function deleteSession(db: Db, token: string) {
  db.delete(sessions).where(eq(sessions.tokenHash, sha256(token))).run()
}
