// Analytics room: decide from a request's headers and pace whether a page view is a person's.
import { isbotMatch } from 'isbot'
import { LRUCache } from 'lru-cache'

/** Why a request is not counted as a person: null when it looks like one. */
export type BotReason = string

const MATCH_MAX = 40
const MEMO_MAX = 1000
// Longer UAs are checked every time rather than remembered, so the memo stays small in bytes too.
const MEMO_UA_MAX = 512
const DAY_MS = 86_400_000

// isbot's pattern is one large regex: answers are remembered (false: a person), the least
// recently asked forgotten past MEMO_MAX.
const memo = new LRUCache<string, BotReason | false>({ max: MEMO_MAX })

function judgeUserAgent(ua: string): BotReason | null {
  if (ua.trim() === '') return 'No user agent'
  const match = isbotMatch(ua)
  return match === null ? null : `Known bot: ${match.toLowerCase().slice(0, MATCH_MAX)}`
}

/** The reason a user agent alone marks a bot: 'No user agent', or 'Known bot: <matched text, lower-cased, max 40 chars>', else null. */
export function botByUserAgent(ua: string | null): BotReason | null {
  if (ua === null) return 'No user agent'
  if (ua.length > MEMO_UA_MAX) return judgeUserAgent(ua)
  const known = memo.get(ua)
  if (known !== undefined) return known || null
  const reason = judgeUserAgent(ua)
  memo.set(ua, reason ?? false)
  return reason
}

/**
 * Behaviour a browser never shows on a page load: no Accept-Language header → 'No Accept-Language'.
 * NOTE: a blank value counts as none; every browser sends at least one language.
 */
export function botByHeaders(headers: Headers): BotReason | null {
  const languages = headers.get('accept-language')
  return languages === null || languages.trim() === '' ? 'No Accept-Language' : null
}

/**
 * A person reading pages does not open 30 of them a minute for long; scrapers and load tools
 * do. Bursts a person can make (opening a few tabs at once) stay far below it.
 */
export const BOT_RATE = { max: 30, windowMs: 60_000 } as const

/**
 * One address, whatever user agents it sends: a household or an office behind one NAT reads far
 * fewer than 120 pages a minute, a client rotating user agents to pass BOT_RATE does not. A pace,
 * not a ban: once its last minute is quiet enough the address counts again (people may share it).
 */
export const ADDRESS_RATE = { max: 120, windowMs: 60_000, reason: 'Too fast (address)', sticky: false, maxKeys: 10_000 } as const

// NOTE: with a window of a minute, 100,000 keys is far more visitors per minute than a personal
// site sees; past it the least recently seen keys are forgotten, which only errs towards counting.
const MAX_KEYS = 100_000

export type RateOptions = {
  max: number
  windowMs: number
  /** The bot reason of a hit past the pace ('Too fast' by default). */
  reason?: BotReason
  /** Whether a key past the pace stays filtered for the rest of its UTC day (default true). */
  sticky?: boolean
  /** Keys remembered at most (MAX_KEYS by default); each holds up to max + 1 times. */
  maxKeys?: number
}

const utcDayOf = (ms: number): number => Math.floor(ms / DAY_MS)

/** Too fast for a person: a sliding window per key (a visitor, or an address). */
export class RateJudge {
  private readonly max: number
  private readonly windowMs: number
  private readonly reason: BotReason
  private readonly sticky: boolean
  private readonly maxKeys: number
  /**
   * Per key the hit times still inside the window, least recently hit key first (lru-cache: a hit
   * makes its key the newest). NOTE: counted with maxSize, not max, which would allocate every
   * slot at start (decision 067).
   */
  private readonly hits: LRUCache<string, number[]>
  /** Keys judged too fast today, oldest first. */
  private readonly flagged = new Set<string>()
  private day: number | null = null

  constructor(opts: RateOptions) {
    this.max = opts.max
    this.windowMs = opts.windowMs
    this.reason = opts.reason ?? 'Too fast'
    this.sticky = opts.sticky ?? true
    this.maxKeys = opts.maxKeys ?? MAX_KEYS
    this.hits = new LRUCache({ maxSize: this.maxKeys, sizeCalculation: () => 1 })
  }

  /** Records a hit at time `nowMs` for `key`; returns the reason ('Too fast') once the key passed max hits inside the window. Sticky, it keeps returning it for that key for the rest of the UTC day of nowMs (a scraper does not become a person again after a pause); otherwise until the window holds at most max hits again, refused ones included. */
  hit(key: string, nowMs: number): BotReason | null {
    this.rollOver(nowMs)
    if (this.flagged.has(key)) return this.reason
    const cutoff = nowMs - this.windowMs
    // The last max + 1 times tell whether max were passed: a flood costs no more memory than that.
    const recent = (this.hits.get(key) ?? []).filter((t) => t > cutoff).slice(-this.max)
    recent.push(nowMs)
    const tooFast = recent.length > this.max
    if (tooFast && this.sticky) {
      this.hits.delete(key)
      this.flagged.add(key)
    } else this.hits.set(key, recent)
    this.evict()
    return tooFast ? this.reason : null
  }

  /** Forgets everything (called when the UTC day changes). */
  reset(): void {
    this.hits.clear()
    this.flagged.clear()
    this.day = null
  }

  get size(): number {
    return this.hits.size + this.flagged.size
  }

  /** A flag lasts for its UTC day even if nobody calls reset(); time running backwards is ignored. */
  private rollOver(nowMs: number): void {
    const today = utcDayOf(nowMs)
    if (this.day !== null && today > this.day) this.reset()
    if (this.day === null) this.day = today
  }

  /** Unflagged keys go first, the least recently hit of them: forgetting a flag would let a known scraper count again. */
  private evict(): void {
    while (this.size > this.maxKeys) {
      if (this.hits.pop() !== undefined) continue
      const flagged = this.flagged.values().next()
      if (flagged.done) return
      this.flagged.delete(flagged.value)
    }
  }
}
