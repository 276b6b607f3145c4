// The TOTP second factor (RFC 6238 by otpauth: SHA-1, 6 digits, 30 s, as every authenticator app
// reads it), its secret sealed at rest (./totp-vault.ts), and its ten one-time recovery codes,
// kept as SHA-256 hashes.
import { randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'
import type { Db } from '#db/connection'
import { admins, recoveryCodes } from '#db/schema'
import type { TotpSetup } from '#src/contract/auth'
import type { Clock } from '#src/lib/clock'
import { sha256 } from '#src/lib/tokens'
import type { TotpVault } from './totp-vault'

const PERIOD = 30
/** A code from the step before or after is taken too: a phone's clock a little off, a code typed late. */
const WINDOW = 1
export const RECOVERY_CODE_COUNT = 10
/** A secret shown for enrolment is good this long; a new setup replaces it. */
const PENDING_MS = 15 * 60 * 1000

const totpOf = (secret: string, label = 'admin', issuer = 'folio') => new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: Secret.fromBase32(secret) })

/** Secrets shown but not yet confirmed with a code, per admin (there is one admin). */
const pending = new Map<number, { secret: string; until: number }>()

/** A new secret for the admin to scan; enrolled only once a code from it is typed back. */
export function startEnrolment(adminId: number, email: string, issuer: string, clock: Clock): TotpSetup {
  const secret = new Secret({ size: 20 }).base32
  pending.clear()
  pending.set(adminId, { secret, until: clock.now().getTime() + PENDING_MS })
  const uri = totpOf(secret, email, issuer).toString()
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) }
}

/** The 30-second step a code belongs to, or null when it is no code of the secret near `now`. */
function stepOf(secret: string, code: string, clock: Clock): number | null {
  const now = clock.now().getTime()
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW })
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta
}

/** Confirms the enrolment with a code from the pending secret; returns the recovery codes, shown once. */
export function finishEnrolment(db: Db, vault: TotpVault, adminId: number, code: string, clock: Clock): string[] | null {
  const p = pending.get(adminId)
  if (!p || p.until < clock.now().getTime()) return null
  const step = stepOf(p.secret, code, clock)
  if (step === null) return null
  pending.delete(adminId)
  return db.transaction((tx) => {
    tx.update(admins).set({ totpSecret: vault.seal(p.secret), totpEnabledAt: clock.now().toISOString(), totpLastStep: step }).where(eq(admins.id, adminId)).run()
    return replaceRecoveryCodes(tx, adminId, clock)
  }, { behavior: 'immediate' })
}

/** Ten new codes like `k3m9x-p2q7r` (50 random bits each); the old ones stop working. */
export function replaceRecoveryCodes(db: Db, adminId: number, clock: Clock): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789'
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
  db.delete(recoveryCodes).where(eq(recoveryCodes.adminId, adminId)).run()
  const now = clock.now().toISOString()
  db.insert(recoveryCodes).values(codes.map((c) => ({ codeHash: sha256(normalise(c)), adminId, createdAt: now }))).run()
  return codes
}

const normalise = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '')

/**
 * A TOTP code (once per step: a code seen is never taken again, nor one older than it) or an
 * unused recovery code (then spent). Both checks are one conditional write each, so two requests
 * with the same code cannot both pass. A secret this server's key cannot open takes no code;
 * recovery codes are hashes and work whatever the key.
 */
export function useSecondFactor(db: Db, vault: TotpVault, adminId: number, code: string, clock: Clock): 'totp' | 'recovery' | null {
  const row = db.select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, adminId)).get()
  if (!row?.secret) return null
  const digits = code.replace(/\s+/g, '')
  if (/^\d{6}$/.test(digits)) {
    const secret = vault.open(row.secret)
    const step = secret === null ? null : stepOf(secret, digits, clock)
    if (step === null) return null
    const taken = db
      .update(admins)
      .set({ totpLastStep: step })
      .where(and(eq(admins.id, adminId), or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step))))
      .returning({ id: admins.id })
      .all()
    return taken.length === 1 ? 'totp' : null
  }
  const spent = db
    .update(recoveryCodes)
    .set({ usedAt: clock.now().toISOString() })
    .where(and(eq(recoveryCodes.adminId, adminId), eq(recoveryCodes.codeHash, sha256(normalise(code))), isNull(recoveryCodes.usedAt)))
    .returning({ hash: recoveryCodes.codeHash })
    .all()
  return spent.length === 1 ? 'recovery' : null
}

/** The step of a current TOTP code of the admin's secret, whether or not it was taken already; null for anything else. */
export function codeStep(db: Db, vault: TotpVault, adminId: number, code: string, clock: Clock): number | null {
  const stored = db.select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, adminId)).get()?.secret
  const secret = stored ? vault.open(stored) : null
  const digits = code.replace(/\s+/g, '')
  return secret && /^\d{6}$/.test(digits) ? stepOf(secret, digits, clock) : null
}

export function hasSecondFactor(db: Db, adminId: number): boolean {
  return !!db.select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, adminId)).get()?.secret
}

export function recoveryCodesLeft(db: Db, adminId: number): number {
  return db.select({ n: sql<number>`count(*)` }).from(recoveryCodes).where(and(eq(recoveryCodes.adminId, adminId), isNull(recoveryCodes.usedAt))).get()?.n ?? 0
}

/** Off: the secret and every recovery code gone (the route asked for a code first; `folio admin reset-2fa` does not). */
export function removeSecondFactor(db: Db, adminId?: number) {
  db.transaction((tx) => {
    tx.update(admins).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null }).where(adminId === undefined ? undefined : eq(admins.id, adminId)).run()
    tx.delete(recoveryCodes).where(adminId === undefined ? undefined : eq(recoveryCodes.adminId, adminId)).run()
  }, { behavior: 'immediate' })
  pending.clear()
}
