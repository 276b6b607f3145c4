// Demo room: the mock token portfolio, priced by a deterministic drift and cached per app.
import type { TokenList } from '#src/contract/demo'
import type { Clock } from '#src/lib/clock'

type MockToken = { name: string; symbol: string; balance: number; price: number; volatility: number; seed: number }

const TOKENS: MockToken[] = [
  { name: 'Ether', symbol: 'ETH', balance: 1.842, price: 3200, volatility: 0.05, seed: 1 },
  { name: 'USD Coin', symbol: 'USDC', balance: 1250, price: 1, volatility: 0.002, seed: 2 },
  { name: 'Wrapped Bitcoin', symbol: 'WBTC', balance: 0.0415, price: 64_000, volatility: 0.04, seed: 3 },
  { name: 'Chainlink', symbol: 'LINK', balance: 120.5, price: 14.5, volatility: 0.08, seed: 4 },
  { name: 'Uniswap', symbol: 'UNI', balance: 85, price: 8.2, volatility: 0.08, seed: 5 },
  { name: 'Dai', symbol: 'DAI', balance: 430, price: 1, volatility: 0.002, seed: 6 },
]

export const PRICE_BUCKET_MS = 30_000

/** A repeatable value in [-1, 1) for an integer pair (a small integer hash, not cryptography). */
function noise(bucket: number, seed: number): number {
  let h = Math.imul(bucket ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(seed, 0xc2b2ae35)
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d)
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b)
  h ^= h >>> 16
  return (h >>> 0) / 2 ** 31 - 1
}

/**
 * The relative price move of a token in a 30 s bucket: a slow wave (6 h), a faster one (~48 min)
 * and a little noise. Neighbouring buckets differ by at most ~0.23 × volatility (about 1 % for ETH).
 */
export function drift(bucket: number, token: Pick<MockToken, 'volatility' | 'seed'>): number {
  const { volatility, seed } = token
  const slow = Math.sin((2 * Math.PI * bucket) / 720 + seed)
  const fast = Math.sin((2 * Math.PI * bucket) / 97 + 2 * seed)
  return volatility * (0.6 * slow + 0.3 * fast + 0.1 * noise(bucket, seed))
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places

/** The portfolio at a moment; `usd` is the value of the balance, rounded to cents. */
export function portfolioAt(at: Date): TokenList {
  const bucket = Math.floor(at.getTime() / PRICE_BUCKET_MS)
  return {
    items: TOKENS.map((t) => ({
      name: t.name,
      symbol: t.symbol,
      balance: t.balance,
      usd: round(t.balance * t.price * (1 + drift(bucket, t)), 2),
    })),
    updatedAt: at.toISOString(),
  }
}

/** Serves the same portfolio for `ttlMs` after computing it, by the app clock. */
export class TokenCache {
  private cached: { list: TokenList; expiresAt: number } | null = null

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  read(): { list: TokenList; hit: boolean } {
    const now = this.clock.now()
    if (this.cached && now.getTime() < this.cached.expiresAt) return { list: this.cached.list, hit: true }
    const list = portfolioAt(now)
    this.cached = { list, expiresAt: now.getTime() + this.ttlMs }
    return { list, hit: false }
  }
}
