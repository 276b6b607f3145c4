// Passkey sign-in challenges (src/features/sign-in-methods/challenges.ts): signed and dated here,
// fresh for 5 minutes, refused when altered or made elsewhere; spent only once.
import { expect, test } from 'bun:test'
import { CHALLENGE_MS, isFresh, MAX_SPENT, newChallenge, spend, wasSpent } from '#src/features/sign-in-methods/challenges'

const at = new Date('2026-06-01T12:00:00Z')
const later = (ms: number) => new Date(at.getTime() + ms)
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')

test('a challenge is fresh from its issue for 5 minutes, not before, not after', () => {
  const c = text(newChallenge(at))
  expect(c).toMatch(/^[A-Za-z0-9_-]{54}$/)
  expect(isFresh(c, at)).toBe(true)
  expect(isFresh(c, later(CHALLENGE_MS))).toBe(true)
  expect(isFresh(c, later(CHALLENGE_MS + 1))).toBe(false)
  expect(isFresh(c, later(-1))).toBe(false)
})

test('an altered time, nonce or MAC, a wrong length or another alphabet is not fresh', () => {
  const bytes = Buffer.from(newChallenge(at))
  for (const i of [0, 7, 8, 23, 24, 39]) {
    const altered = Buffer.from(bytes)
    altered[i]! ^= 1
    expect(isFresh(altered.toString('base64url'), at)).toBe(false)
  }
  for (const c of ['', 'A'.repeat(54), text(bytes).slice(0, 53), text(bytes) + 'A', text(bytes).replace(/.$/, '+')]) expect(isFresh(c, at)).toBe(false)
})

test('a challenge is spent once; past the bound the expired ones go first', () => {
  const c = text(newChallenge(at))
  expect(wasSpent(c)).toBe(false)
  expect(spend(c, at)).toBe(true)
  expect(wasSpent(c)).toBe(true)
  expect(spend(c, at)).toBe(false)
  for (let i = 0; i < MAX_SPENT + 10; i++) spend(`filler-${i}`, later(CHALLENGE_MS + 1000 + i))
  // Swept as expired when the set filled, not kept past its 5 minutes.
  expect(wasSpent(c)).toBe(false)
})
