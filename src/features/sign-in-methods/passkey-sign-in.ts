// Signing in with a passkey, or confirming it is you with one: the request options and the check of
// the browser's answer. User verification is required (decision 063): a passkey is the whole
// sign-in, no second factor follows it, so the authenticator must have checked its user (PIN,
// biometric), not only that someone touched it.
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticatorTransport, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '#db/connection'
import { admins, passkeys } from '#db/schema'
import type { PasskeySignInInput } from '#src/contract/auth'
import type { Clock } from '#src/lib/clock'
import type { Admin } from '#src/features/auth'
import { CHALLENGE_MS, newChallenge, spend, wasSpent } from './challenges'
import type { RelyingParty } from './passkeys'

/** Options for navigator.credentials.get(); `allow` lists the admin's own passkeys when confirming a session. */
export function signInOptions(rp: RelyingParty, clock: Clock, allow?: { id: string; transports: string[] }[]): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: CHALLENGE_MS,
    challenge: newChallenge(clock.now()),
    allowCredentials: allow?.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransport[] })),
  })
}

/**
 * The admin a passkey's answer proves, or null. `challenge` is the fresh one inside its client data
 * (./challenges.ts); a challenge is spent only once an answer to it verified, so a stranger's
 * failed answer cannot spend the owner's. A counter that went backwards (a cloned key) fails in
 * the library's check. `adminId`: only that admin's passkeys count (confirming a session).
 */
export async function verifyPasskeyAnswer(db: Db, rp: RelyingParty, input: z.output<typeof PasskeySignInInput>, challenge: string, clock: Clock, adminId?: number): Promise<Admin | null> {
  if (wasSpent(challenge)) return null
  const row = db
    .select({ passkey: passkeys, email: admins.email })
    .from(passkeys)
    .innerJoin(admins, eq(admins.id, passkeys.adminId))
    .where(eq(passkeys.id, input.response.id))
    .get()
  if (!row || (adminId !== undefined && row.passkey.adminId !== adminId)) return null
  let verification
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: row.passkey.id, publicKey: isoBase64URL.toBuffer(row.passkey.publicKey), counter: row.passkey.counter, transports: row.passkey.transports as AuthenticatorTransport[] },
      requireUserVerification: true,
    })
  } catch {
    return null
  }
  if (!verification.verified || !spend(challenge, clock.now())) return null
  const info = verification.authenticationInfo
  db.update(passkeys)
    .set({ counter: info.newCounter, backedUp: info.credentialBackedUp, deviceType: info.credentialDeviceType, lastUsedAt: clock.now().toISOString() })
    .where(eq(passkeys.id, row.passkey.id))
    .run()
  return { id: row.passkey.adminId, email: row.email }
}
