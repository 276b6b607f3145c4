// Analytics room: counting. Every hit is judged here (private, bot or person), the day's visits
// are kept in memory (who was counted, how each visit began, when last seen), and the hits are
// written in batches: a page served from memory pays a hash and a push, not a database write.
import type { Database } from 'bun:sqlite'
import { LRUCache } from 'lru-cache'
import { GOALS, LIVE_WINDOW_MINUTES, type GoalName } from '#src/contract/analytics'
import type { MessageVisit } from '#src/contract/contact'
import { LIMITS } from '#src/contract/limits'
import * as paths from '#src/contract/paths'
import type { Db } from '#db/connection'
import { DAY, utcDay, type Clock } from '#src/lib/clock'
import type { Logger } from '#src/lib/logger'
import { addDays } from './range'
import { ADDRESS_RATE, BOT_RATE, RateJudge } from './bots'
import { classifyRequest, pageLoadKind } from './classify'
import { DailyValues } from './daily-values'
import { maskCapabilities, viewJudge, type CountedView } from './page-path'
import { campaignOf, referrerHost } from './referrer'
import { addToDaily, dailyOfHit, rollUp, writeHits, type DailySums, type HitRow } from './store'
import { DayVisits, type Visit } from './visits'
import { saltOfDay, visitorHash } from './visitor-key'
import { clientSource } from '#src/lib/client-source'

/** A request as counting needs it: its headers and the client's address (never stored). */
export type Hit = { headers: Headers; ip: string }

export type CollectorOptions = {
  sqlite: Database
  db: Db
  clock: Clock
  log: Logger
  enabled: boolean
  rawDays: number
  siteHost: string
  isAdmin: (headers: Headers) => boolean
  /**
   * The page a view counts under, judged with the site's route table (src/web/view-counting.ts,
   * handed in by app.ts); without it no query is kept, as for a path of no route.
   */
  countedView?: (raw: string) => CountedView | null
  flushMs?: number
}

/** A reload (or a beacon racing the server's count of the same load) inside this is one view. */
export const SAME_VIEW_MS = 10_000
const MAX_PENDING = 100_000
export const HASHES_MAX = 10_000

export class AnalyticsCollector {
  readonly enabled: boolean
  private day = ''
  private salt = ''
  private readonly visits = new DayVisits()
  private readonly values = new DailyValues()
  private pending: HitRow[] = []
  private sums: DailySums = new Map()
  private readonly rate = new RateJudge(BOT_RATE)
  private readonly address = new RateJudge(ADDRESS_RATE)
  private readonly timer: ReturnType<typeof setInterval> | null
  /** The current day's first and past-last millisecond: most hits need no date formatted to know their day. */
  private dayStartsAt = 0
  private dayEndsAt = 0
  /**
   * Today's visitor hashes by address and user agent: the keyed hash was two fifths of what
   * counting a page load cost (1.6 µs of about 4), and a visitor sends many. Emptied with the day's
   * key; bounded (HASHES_MAX entries of about 250 bytes, the least recently used dropped past it).
   * NOTE: counted with maxSize, not max, which would allocate every slot at start (decision 067).
   */
  private readonly hashes = new LRUCache<string, string>({ maxSize: HASHES_MAX, sizeCalculation: () => 1 })

  private readonly countedView: (raw: string) => CountedView | null

  constructor(private readonly o: CollectorOptions) {
    this.countedView = o.countedView ?? viewJudge(() => '')
    this.enabled = o.enabled
    // Each second: what is pending is written, and a new day deletes the old key within a second.
    this.timer = o.enabled ? setInterval(() => this.tick(), o.flushMs ?? 1000) : null
    this.timer?.unref?.()
  }

  /** A public page served (from memory or rendered): a view, a live app in a frame, or a 404. `pathWithQuery` as pathAndQuery() gives it. */
  pageLoad(pathWithQuery: string, hit: Hit, status: number): void {
    if (!this.enabled) return
    const kind = pageLoadKind(hit.headers)
    if (kind === 'other') return
    const userAgent = this.person(hit)
    if (userAgent === null) return
    if (status === 404) return this.event('notFound', pathWithQuery.split('?', 1)[0]!.slice(0, LIMITS.pathMax))
    if (status >= 400) return
    if (kind === 'frame') return this.reach(GOALS.liveAppOpened, hit, userAgent, '', true)
    this.view(pathWithQuery, hit, userAgent, hit.headers.get('referer'))
  }

  /** The spec's beacon: a client-side navigation (or a static page's first load). */
  beacon(path: string, referrer: string | undefined, hit: Hit): void {
    if (!this.enabled) return
    const userAgent = this.person(hit)
    if (userAgent !== null) this.view(path, hit, userAgent, referrer ?? null)
  }

  /** A goal reached. `owner` goals (a resume link made) are the admin's own acts and count as such. */
  goal(name: GoalName, hit: Hit, detail = '', owner = false): void {
    if (!this.enabled) return
    const userAgent = owner ? (hit.headers.get('user-agent') ?? '') : this.person(hit)
    if (userAgent !== null) this.reach(name, hit, userAgent, detail, !owner)
  }

  /** The user agent of a person to count; null when not counted (a bot is counted as one, by reason). */
  private person(hit: Hit): string | null {
    const verdict = classifyRequest(hit.headers, this.o.isAdmin)
    if (verdict.kind === 'bot') this.event('bot', verdict.reason)
    return verdict.kind === 'count' ? verdict.userAgent : null
  }

  /** `paced`: the goal is the request's own act, so it counts against its address's pace (a view's goal is paced with its view). */
  private reach(name: GoalName, hit: Hit, userAgent: string, detail: string, paced: boolean): void {
    const now = this.o.clock.now()
    this.rollDay(now)
    const source = clientSource(hit.ip)
    const tooFast = paced ? this.address.hit(source, now.getTime()) : null
    if (tooFast) return this.event('bot', tooFast)
    const visitor = this.hashOf(hit.ip, userAgent)
    const visit = this.visitOrNew(visitor, userAgent, source)
    if (!visit) return
    const goal = this.values.fold('goal', detail ? `${name}: ${detail}` : name)
    const first = !visit.goals.has(goal)
    visit.goals.add(goal)
    const attrs = visit.attrs ?? { entryPath: '', referrer: '', utmSource: '', utmMedium: '', utmCampaign: '', ...visit.device }
    this.push({ ...attrs, day: this.day, kind: 'goal', path: visit.lastPath, goal, visitors: first ? 1 : 0, entries: 0, visitor, createdAt: now.toISOString() })
  }

  /** A feed fetched: its own figure, whoever asked (feed readers are programs by nature). */
  feedFetch(path: string): void {
    if (this.enabled) this.event('feed', path)
  }

  /** How the visit of this request began, for a contact message; null when it was not counted. */
  visitOf(hit: Hit): MessageVisit | null {
    if (!this.enabled) return null
    this.rollDay(this.o.clock.now())
    const visit = this.visits.get(this.hashOf(hit.ip, hit.headers.get('user-agent') ?? ''))
    if (!visit?.attrs) return null
    const { entryPath, referrer, utmCampaign } = visit.attrs
    return { entry: entryPath, referrer, campaign: utmCampaign }
  }

  /** Visitors with a view in the last LIVE_WINDOW_MINUTES. */
  live(): number {
    return this.visits.viewedSince(this.o.clock.now().getTime() - LIVE_WINDOW_MINUTES * 60_000)
  }

  /** Writes what is pending; readers call it first, so a summary always includes every hit. */
  flush(): void {
    if (!this.pending.length && !this.sums.size) return
    const hits = this.pending
    const sums = this.sums
    try {
      writeHits(this.o.sqlite, hits, sums)
      this.pending = []
      this.sums = new Map()
    } catch (error) {
      // Kept for the next flush (a busy database is momentary); bounded, so memory is too.
      this.o.log.warn('analytics write failed', { error: String(error), pending: hits.length })
      if (this.pending.length > MAX_PENDING) this.pending.splice(0, this.pending.length - MAX_PENDING)
    }
  }

  private tick(): void {
    try {
      this.catchUp()
    } catch (error) {
      // The next tick tries again; counting must never take the server down.
      this.o.log.warn('analytics tick failed', { error: String(error) })
    }
  }

  close(): void {
    if (this.timer) clearInterval(this.timer)
    if (this.enabled) this.flush()
  }

  private view(rawPath: string, hit: Hit, userAgent: string, referer: string | null): void {
    const counted = this.countedView(rawPath)
    if (!counted) return
    const { path, search } = counted
    const now = this.o.clock.now()
    this.rollDay(now)
    const visitor = this.hashOf(hit.ip, userAgent)
    const at = now.getTime()
    const known = this.visits.get(visitor)
    if (known && known.lastPath === path && at - known.lastViewAt < SAME_VIEW_MS) return
    // The address first: a client rotating user agents is a new visitor each time, never too fast as one.
    const source = clientSource(hit.ip)
    const tooFast = this.address.hit(source, at) ?? this.rate.hit(visitor, at)
    if (tooFast) return this.event('bot', tooFast)
    const visit = known ?? this.visitOrNew(visitor, userAgent, source)
    if (!visit) return

    const entry = visit.attrs === null
    if (!visit.attrs) {
      const campaign = campaignOf(search)
      visit.attrs = {
        entryPath: path,
        referrer: this.referrerOf(referer, hit.headers),
        utmSource: campaign.source,
        utmMedium: campaign.medium,
        utmCampaign: campaign.campaign,
        ...visit.device,
      }
    }
    // Visitors of a page count once per stored value: those of every folded page once on OTHER_VALUE.
    const stored = this.values.fold('path', path)
    const first = !visit.paths.has(stored)
    visit.paths.add(stored)
    visit.lastPath = path
    visit.lastViewAt = at
    this.push({ ...visit.attrs, day: this.day, kind: 'view', path: stored, goal: '', visitors: first ? 1 : 0, entries: entry ? 1 : 0, visitor, createdAt: now.toISOString() })
    if (path.split('?', 1)[0] === paths.demo) this.reach(GOALS.demoOpened, hit, userAgent, '', false)
  }

  /** The referring host, unless it is this site: as configured (SITE_URL) or as the request reached it. */
  private hashOf(ip: string, userAgent: string): string {
    const key = `${ip}\n${userAgent}`
    let hash = this.hashes.get(key)
    if (hash === undefined) {
      hash = visitorHash(this.salt, ip, userAgent)
      this.hashes.set(key, hash)
    }
    return hash
  }

  private referrerOf(referer: string | null, headers: Headers): string {
    const host = referrerHost(referer, this.o.siteHost)
    return host === null || referrerHost(referer, headers.get('host') ?? '') === null ? '' : host
  }

  private visitOrNew(visitor: string, userAgent: string, ip: string): Visit | null {
    const visit = this.visits.open(visitor, userAgent, ip)
    if (typeof visit !== 'string') return visit
    this.event('bot', visit)
    return null
  }

  /** A request counted apart from visits. Its path, if any, is masked like a view's: a 404 can carry a token too. */
  private event(dim: 'bot' | 'notFound' | 'feed', value: string): void {
    this.rollDay(this.o.clock.now())
    addToDaily(this.sums, this.day, dim, this.values.fold(dim, maskCapabilities(value)), 1, 0)
  }

  private push(hit: HitRow): void {
    const row = this.values.foldHit(hit)
    this.pending.push(row)
    dailyOfHit(this.sums, row)
    if (this.pending.length >= 5_000) this.flush()
  }

  /**
   * On a new UTC day (and on the first hit after start): what is pending is written, the old
   * day's key is deleted and a new one made, the visits and the distinct values of the day are
   * read back from the database (a restart forgets nobody and keeps the day's cap), and days past
   * ANALYTICS_RAW_DAYS are rolled up.
   */
  private rollDay(now: Date): void {
    const at = now.getTime()
    if (at >= this.dayStartsAt && at < this.dayEndsAt) return
    const day = utcDay(now)
    this.dayStartsAt = Date.parse(`${day}T00:00:00.000Z`)
    this.dayEndsAt = this.dayStartsAt + DAY
    if (day === this.day) return
    this.flush()
    this.day = day
    this.salt = saltOfDay(this.o.db, day)
    this.hashes.clear()
    this.rate.reset()
    this.address.reset()
    this.visits.startDay(this.o.sqlite, day)
    this.values.startDay(this.o.sqlite, day)
    try {
      rollUp(this.o.sqlite, addDays(day, -this.o.rawDays))
    } catch (error) {
      this.o.log.warn('analytics roll-up failed', { error: String(error) })
    }
  }

  /**
   * Turns to the current day if it changed (writing what is pending, rolling up): called at
   * start-up and before every read, so a quiet site's old rows are rolled up all the same.
   */
  catchUp(): void {
    if (this.enabled) this.rollDay(this.o.clock.now())
    this.flush()
  }
}
