// Passkeys (WebAuthn, by @simplewebauthn/server): registering one for the signed-in admin, listing,
// renaming and removing them. The relying party is SITE_URL's host; a registration challenge is
// single-use and lives 5 minutes. Signing in with one: ./passkey-sign-in.ts.
import { generateRegistrationOptions, verifyRegistrationResponse, type AuthenticatorTransport, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { and, asc, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '#db/connection'
import { admins, passkeys } from '#db/schema'
import type { PasskeyInfo, PasskeyRegistrationInput } from '#src/contract/auth'
import type { SiteOrigin } from '#src/contract/site-origin'
import type { Clock } from '#src/lib/clock'
import { badRequest, HttpError } from '#src/lib/http-error'
import type { Admin } from '#src/features/auth'
import { CHALLENGE_MS } from './challenges'

/** Enough for every device and key an owner has; the list stays a screen long. */
export const MAX_PASSKEYS = 20

export type RelyingParty = { id: string; origin: string; name: string }
export const relyingParty = (site: SiteOrigin, name: string): RelyingParty => ({ id: new URL(site.origin).hostname, origin: site.origin, name })

/** One per admin (there is one admin), made only for a signed-in session. */
const registrationChallenges = new Map<number, { challenge: string; until: number }>()

const infoOf = (row: typeof passkeys.$inferSelect): PasskeyInfo => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
  backedUp: row.backedUp,
  deviceType: row.deviceType,
})

export const listPasskeys = (db: Db, adminId: number) => db.select().from(passkeys).where(eq(passkeys.adminId, adminId)).orderBy(asc(passkeys.createdAt)).all().map(infoOf)
/** The admin's passkeys as a browser is offered them: id and transports. */
export const passkeyCredentials = (db: Db, adminId: number) => db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.adminId, adminId)).all()
export const passkeyCount = (db: Db, adminId: number) => db.select({ n: sql<number>`count(*)` }).from(passkeys).where(eq(passkeys.adminId, adminId)).get()?.n ?? 0

export async function registrationOptions(db: Db, admin: Admin, rp: RelyingParty, clock: Clock): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.adminId, admin.id)).all()
  if (existing.length >= MAX_PASSKEYS) throw new HttpError(409, `At most ${MAX_PASSKEYS} passkeys: remove one first.`)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: admin.email,
    userID: new TextEncoder().encode(`folio-admin-${admin.id}`),
    attestationType: 'none',
    // Ed25519, ES256, RS256: what every passkey provider and key signs with. The library's default
    // also offers ML-DSA-44 first, whose 3 KB signatures some authenticators (Chromium's virtual
    // one) then pick, and which older verifiers cannot check.
    supportedAlgorithmIDs: [-8, -7, -257],
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransport[] })),
    // Discoverable: the sign-in page asks for no email, the passkey says whose it is. User
    // verification is required at sign-in (./passkey-sign-in.ts), so a passkey that cannot do it
    // is refused here rather than failing there.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_MS,
  })
  registrationChallenges.set(admin.id, { challenge: options.challenge, until: clock.now().getTime() + CHALLENGE_MS })
  return options
}

/**
 * Checks the browser's answer to the registration challenge; returns the write that stores the
 * passkey, for the caller to run in the transaction that also announces it (./notices.ts).
 */
export async function verifyNewPasskey(admin: Admin, rp: RelyingParty, input: z.output<typeof PasskeyRegistrationInput>, clock: Clock): Promise<(tx: Db) => PasskeyInfo> {
  const issued = registrationChallenges.get(admin.id)
  registrationChallenges.delete(admin.id)
  if (!issued || issued.until < clock.now().getTime()) throw badRequest('The passkey request expired or was used already: add the passkey again.')
  let verification
  try {
    verification = await verifyRegistrationResponse({
      response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: issued.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
  } catch (error) {
    throw badRequest(`The passkey was not accepted: ${(error as Error).message}`)
  }
  if (!verification.verified || !verification.registrationInfo) throw badRequest('The passkey was not accepted.')
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo
  return (db) => {
    if (db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.id, credential.id)).get()) throw new HttpError(409, 'That passkey is registered already.')
    const row = db
      .insert(passkeys)
      .values({
        id: credential.id,
        adminId: admin.id,
        name: input.name,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        createdAt: clock.now().toISOString(),
      })
      .returning()
      .get()
    return infoOf(row)
  }
}

export function renamePasskey(db: Db, adminId: number, id: string, name: string): PasskeyInfo {
  const row = db.update(passkeys).set({ name }).where(and(eq(passkeys.id, id), eq(passkeys.adminId, adminId))).returning().get()
  if (!row) throw new HttpError(404, 'No such passkey.')
  return infoOf(row)
}

/** Refused when it is the last passkey and password sign-in is off: that would lock the owner out. Returns its name. */
export function removePasskey(db: Db, adminId: number, id: string): string {
  return db.transaction((tx) => {
    const row = tx.select({ id: passkeys.id, name: passkeys.name }).from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.adminId, adminId))).get()
    if (!row) throw new HttpError(404, 'No such passkey.')
    const passwordOn = tx.select({ on: admins.passwordSignIn }).from(admins).where(eq(admins.id, adminId)).get()?.on ?? true
    const left = tx.select({ n: sql<number>`count(*)` }).from(passkeys).where(eq(passkeys.adminId, adminId)).get()?.n ?? 0
    if (!passwordOn && left <= 1) throw new HttpError(409, 'This is your last passkey and password sign-in is off: turn password sign-in on before removing it.')
    tx.delete(passkeys).where(eq(passkeys.id, id)).run()
    return row.name
  }, { behavior: 'immediate' })
}
