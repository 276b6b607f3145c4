// Passkey sign-in challenges that keep nothing for strangers (decision 063): each is signed here
// and carries its issue time, so there is no store of issued challenges for a flood to fill or to
// evict the owner's from. Only a challenge a passkey answered and verified is remembered.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { LRUCache } from 'lru-cache'
import { PASSKEY_CHALLENGE_STALE } from '#src/contract/auth'
import { badRequest } from '#src/lib/http-error'

export const CHALLENGE_MS = 5 * 60 * 1000
/**
 * Challenges answered by a verified passkey, kept 5 minutes to refuse a replay. Only the owner's
 * passkeys add one, so a thousand in 5 minutes means the passkey is in use a few times a second.
 */
export const MAX_SPENT = 1000

const TIME_BYTES = 8
const NONCE_BYTES = 16
const MAC_BYTES = 16
const BODY_BYTES = TIME_BYTES + NONCE_BYTES
/** 40 bytes in base64url, no padding. */
const TEXT = /^[A-Za-z0-9_-]{54}$/

// NOTE: a key per process, not a key file: the spent challenges live in memory, so a challenge
// from before a restart must not verify after it. A synced passkey's counter stays 0, so the
// counter check would not catch that replay. A restart costs a sign-in under way one retry.
const key = randomBytes(32)
const spent = new LRUCache<string, number>({ max: MAX_SPENT })

const macOf = (body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES)

/** Issue time (ms, 8 bytes), 128 random bits, and the first 128 bits of their HMAC-SHA256. */
export function newChallenge(now: Date): Uint8Array<ArrayBuffer> {
  const body = Buffer.alloc(BODY_BYTES)
  body.writeBigUInt64BE(BigInt(now.getTime()))
  randomBytes(NONCE_BYTES).copy(body, TIME_BYTES)
  return new Uint8Array(Buffer.concat([body, macOf(body)]))
}

/** True when `challenge` (base64url) was made here at most 5 minutes ago. */
export function isFresh(challenge: string, now: Date): boolean {
  if (!TEXT.test(challenge)) return false
  const bytes = Buffer.from(challenge, 'base64url')
  const body = bytes.subarray(0, BODY_BYTES)
  if (!timingSafeEqual(macOf(body), bytes.subarray(BODY_BYTES))) return false
  const age = now.getTime() - Number(body.readBigUInt64BE(0))
  return age >= 0 && age <= CHALLENGE_MS
}

/**
 * The challenge inside a passkey's signed client data, if this server made it within 5 minutes;
 * otherwise a 400 that counts against nobody: only a challenge made here can be a failed attempt.
 */
export function freshChallengeOf(clientDataJSON: string, now: Date): string {
  let challenge: unknown
  try {
    challenge = (JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown }).challenge
  } catch {
    challenge = undefined
  }
  if (typeof challenge !== 'string' || !isFresh(challenge, now)) {
    throw badRequest(PASSKEY_CHALLENGE_STALE, [{ message: PASSKEY_CHALLENGE_STALE, code: 'stale_challenge', path: 'response' }])
  }
  return challenge
}

export const wasSpent = (challenge: string) => spent.has(challenge)

/**
 * Records a challenge a passkey's answer verified for; false when another answer spent it first.
 * Synchronous, so two answers verified at once cannot both pass.
 */
export function spend(challenge: string, now: Date): boolean {
  if (spent.has(challenge)) return false
  const t = now.getTime()
  // Full: the expired ones go first (gathered, then deleted: lru-cache's walk is not for deleting in).
  if (spent.size >= MAX_SPENT) for (const [c] of [...spent.entries()].filter(([, at]) => t - at > CHALLENGE_MS)) spent.delete(c)
  spent.set(challenge, t)
  return true
}
