// Token demo payloads (spec sections 3 and 7): token list, mock transactions, wallet link, events.
import { z } from 'zod'

export const DEMO_LIMITS = {
  tokenCacheMs: 30_000,
  txConfirmMinMs: 1_000,
  txConfirmMaxMs: 3_000,
  txKept: 1_000,
  loginTtlMs: 10 * 60_000,
  loginsKept: 1_000,
  linkAttemptsPerLogin: 5,
  eventsKept: 200,
  streamsPerIp: 5,
  streamsTotal: 200,
  keepAliveMs: 5_000,
  retryMs: 1_000,
  writesPerMinute: 120,
} as const

export const DEMO_MESSAGES = {
  signatureMismatch: 'Signature does not match the address.',
  address: 'Address must be 0x followed by 40 hex digits.',
  addressChecksum: 'Address has a wrong EIP-55 checksum (use all lowercase or the checksummed form).',
  signature: 'Signature must be 0x followed by 130 hex digits (r, s, v).',
  signatureInvalid: 'Signature is not a valid secp256k1 signature (r and s in range, v 27/28 or 0/1).',
  loginRequired: 'Demo login required: send the token from POST /api/demo/login.',
  loginUnknown: 'Unknown or expired demo token. Log in again.',
  nonceUsed: 'This nonce was already used. Log in again for a new one.',
  txNotFound: 'Transaction not found',
  streamsPerIp: 'Too many open event streams from this address.',
  streamsTotal: 'Too many open event streams. Try again later.',
} as const

export const ADDRESS_SHAPE = /^0x[0-9a-fA-F]{40}$/
export const SIGNATURE_SHAPE = /^0x[0-9a-fA-F]{130}$/
export const TX_ID_SHAPE = /^0x[0-9a-f]{64}$/

export const TokenItem = z.object({
  name: z.string(),
  symbol: z.string(),
  balance: z.number(),
  /** The USD value of `balance` (not the unit price), so a portfolio total is the sum of `usd`. */
  usd: z.number(),
})
export type TokenItem = z.infer<typeof TokenItem>

export const TokenList = z.object({ items: z.array(TokenItem), updatedAt: z.string() })
export type TokenList = z.infer<typeof TokenList>

// Strict: every field is optional, so an unknown key is a mistake worth reporting.
export const TxInput = z.strictObject({
  to: z.string().regex(ADDRESS_SHAPE, DEMO_MESSAGES.address).optional(),
  amount: z
    .union([z.number(), z.string().trim().regex(/^\d{1,15}(\.\d{1,18})?$/, 'Amount must be a decimal number.').transform(Number)])
    .pipe(z.number().positive('Amount must be positive.').max(1e15, 'Amount is too large.'))
    .optional(),
})
export type TxInput = z.infer<typeof TxInput>

export const TxState = z.enum(['pending', 'confirmed'])
export type TxState = z.infer<typeof TxState>
export const TxCreated = z.object({ id: z.string() })
export type TxCreated = z.infer<typeof TxCreated>
export const TxStatus = z.object({ id: z.string(), state: TxState })
export type TxStatus = z.infer<typeof TxStatus>

export const DemoLogin = z.object({ token: z.string(), nonce: z.string() })
export type DemoLogin = z.infer<typeof DemoLogin>

export const LinkWalletInput = z.object({
  address: z.string({ error: DEMO_MESSAGES.address }).trim().regex(ADDRESS_SHAPE, DEMO_MESSAGES.address),
  signature: z.string({ error: DEMO_MESSAGES.signature }).trim().regex(SIGNATURE_SHAPE, DEMO_MESSAGES.signature),
  /** The demo token, for clients that cannot set an Authorization header; the header wins. */
  token: z.string().max(200).optional(),
})
export type LinkWalletInput = z.infer<typeof LinkWalletInput>

export const LinkWalletResult = z.object({ address: z.string() })
export type LinkWalletResult = z.infer<typeof LinkWalletResult>

export { DEMO_EVENT_TYPES, type DemoEventType } from './demo-events'
/** What each event's `data:` line holds (JSON). */
export type DemoEventData = {
  ready: { replayed: number }
  'tokens.cache_hit': { updatedAt: string }
  'tokens.cache_miss': { updatedAt: string }
  'tx.created': { id: string }
  'tx.confirmed': { id: string }
  'demo.login.issued': Record<string, never>
  'demo.wallet.linked': { address: string }
}
