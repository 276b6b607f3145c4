// Render once, serve many: public pages kept in memory per (path, declared query), with the
// content they show as tags, so a change drops exactly the pages that showed that content.
// Bounded (LRU by entries and bytes, query variants apart), gzipped once, revalidated with ETag/304.
// What a change or a stored page sets off is named subscribers (./subscribers.ts).
import type { Clock } from '#src/lib/clock'
/** What a page can show that the admin can change. */
import { CONTENT_TAGS, type ContentTag } from '#src/contract/content-tags'
import type { Encoded } from '../encoding'
import { NamedSubscribers, type PagesChanged, type PagesDropped } from './events'
import { PageLru, type CacheLimits } from './page-lru'

export { CONTENT_TAGS, type ContentTag }

export type CachedPage = {
  status: number
  etag: string
  /** Per encoding: content type, cache policy, ETag, Vary (and Content-Encoding). */
  responseHeaders: Record<'identity' | 'br' | 'gzip', Record<string, string>>
  /**
   * Plain and gzip from the start (a query variant's gzip when a visitor first asks for it); a
   * plain page's brotli joins later, in the background (addEncoding).
   */
  encoded: Encoded
  tags: readonly ContentTag[]
  bytes: number
}

/** A page just stored under `key`. */
export type PageStored = { key: string; page: CachedPage }

/** The tag versions a render started under: a write during the render must not be stored over. */
export type Stamp = ReadonlyMap<ContentTag, number>

export type { CacheLimits }
export const DEFAULT_LIMITS: CacheLimits = { entries: 1000, bytes: 64 * 1024 * 1024 }
/**
 * Pages with a query (a search, a tag): any visitor can make new ones, so they get a bucket of
 * their own that cannot push out the plain pages, and only `renders` of them render at once.
 * NOTE: sized by measurement (docs/decisions/site/007-page-query-variants.md): about 21 KB a variant.
 */
export type VariantLimits = CacheLimits & { renders: number }
export const VARIANT_LIMITS: VariantLimits = { entries: 100, bytes: 4 * 1024 * 1024, renders: 4 }
export const isVariant = (key: string) => key.includes('?')
/**
 * Renders of everything else at once: plain pages, and pages nothing stores (a 404 for an unknown
 * path or slug, which any visitor can make new ones of). Far above what an admin write's rewarm
 * or real visitors start together; a flood past it is answered busy instead of queueing CPU.
 */
export const PLAIN_RENDERS = 8

export class RenderCache {
  private readonly plain: PageLru<CachedPage>
  private readonly variants: PageLru<CachedPage>
  private readonly versions = new Map<ContentTag, number>(CONTENT_TAGS.map((t) => [t, 0]))
  private readonly inflight = new Map<string, Promise<CachedPage | null>>()
  /** Renders under way, variants apart; counted apart from `inflight`, which an invalidation empties. */
  private readonly variantRenders: Slots
  private readonly plainRenders = new Slots(PLAIN_RENDERS)
  private readonly changed = new NamedSubscribers<PagesDropped>()
  private readonly stored = new NamedSubscribers<PageStored>()
  /** When stored pages go stale by themselves (a scheduled item going public), in ms; see followSchedule. */
  private dueAt = Infinity
  private schedule: { clock: Clock; nextChange: () => number | null } | null = null

  constructor(readonly limits: CacheLimits = DEFAULT_LIMITS, readonly variantLimits: VariantLimits = VARIANT_LIMITS) {
    this.plain = new PageLru(limits)
    this.variants = new PageLru(variantLimits)
    this.variantRenders = new Slots(variantLimits.renders)
  }

  /** `run` is called with every change, after the pages it made stale were dropped here (registered in ./subscribers.ts). */
  onPagesChanged(name: string, run: (change: PagesDropped) => void): void {
    this.changed.add(name, run)
  }

  /** `run` is called with each page once stored (registered in ./subscribers.ts). */
  onPageStored(name: string, run: (stored: PageStored) => void): void {
    this.stored.add(name, run)
  }

  /** The subscribers' names, in the order they run. */
  subscribers(): { pagesChanged: string[]; pageStored: string[] } {
    return { pagesChanged: this.changed.names(), pageStored: this.stored.names() }
  }

  /** A scheduled change that is due is applied now, not at the next lookup (a cache in front may hold every page). */
  checkSchedule(): void {
    this.dropWhenDue()
  }

  /** The plain pages' bucket; `variantSize` is the other. */
  get size() {
    return this.plain.size
  }

  get variantSize() {
    return this.variants.size
  }

  /**
   * Content also changes with no write: a scheduled post or project goes public at its time.
   * `nextChange` says when the next such moment is (ms, null for none); once the clock passes it,
   * the next lookup drops every page showing posts, projects or skills, as an admin write would.
   * NOTE: checked on lookup rather than by a timer, so an injected clock drives it in tests, and the
   * hot path pays one comparison while nothing is scheduled.
   */
  followSchedule(clock: Clock, nextChange: () => number | null): void {
    this.schedule = { clock, nextChange }
    this.dueAt = nextChange() ?? Infinity
  }

  /** A hit becomes the most recently used. */
  get(key: string): CachedPage | undefined {
    this.dropWhenDue()
    return this.bucket(key).get(key)
  }

  /** How many times content showing `tag` changed: what is kept from before a change is stale. */
  version(tag: ContentTag): number {
    this.dropWhenDue()
    return this.versions.get(tag)!
  }

  /** True while `page` is the one stored under `key`. */
  holds(key: string, page: CachedPage): boolean {
    return this.bucket(key).holds(key, page)
  }

  stamp(): Stamp {
    return new Map(this.versions)
  }

  /** Stores a page unless content it shows changed since `stamp`; evicts the least recently used. */
  store(key: string, page: CachedPage, stamp: Stamp): boolean {
    if (page.tags.some((t) => stamp.get(t) !== this.versions.get(t))) return false
    const stored = this.bucket(key).set(key, page)
    if (stored) this.stored.emit({ key, page })
    return stored
  }

  /** Adds a compressed form of a stored page (made after it was stored); ignored once it was dropped. */
  addEncoding(key: string, page: CachedPage, coding: 'br' | 'gzip', bytes: Uint8Array<ArrayBuffer>): void {
    const bucket = this.bucket(key)
    if (!bucket.holds(key, page) || page.encoded[coding]) return
    page.encoded = { ...page.encoded, [coding]: bytes }
    page.bytes += bytes.length
    bucket.grew(key, page)
  }

  /**
   * Public content changed: drops every page that shows any of its tags (renders already running
   * will not be stored), then tells the subscribers, with the keys dropped.
   */
  change(change: PagesChanged): void {
    const { tags } = change
    for (const t of tags) this.versions.set(t, (this.versions.get(t) ?? 0) + 1)
    // Renders under way started before the change: later requests must not wait for them.
    this.inflight.clear()
    const shows = (page: CachedPage) => page.tags.some((t) => tags.includes(t))
    const dropped = [...this.plain.removeWhere(shows), ...this.variants.removeWhere(shows)]
    if (this.schedule) this.dueAt = this.schedule.nextChange() ?? Infinity
    this.changed.emit({ ...change, dropped })
  }

  /** A render of `key` under way: concurrent misses wait for it instead of rendering too. */
  pending(key: string): Promise<CachedPage | null> | undefined {
    return this.inflight.get(key)
  }

  /**
   * Registers the render of `key`. False, and nothing registered, for a variant while
   * `variantLimits.renders` of them are rendering: the caller answers busy instead.
   * NOTE: this bounds the work a flood of unique searches can start, and `inflight` with it.
   */
  setPending(key: string, job: Promise<CachedPage | null>): boolean {
    const release = (isVariant(key) ? this.variantRenders : this.plainRenders).take()
    if (!release) return false
    this.inflight.set(key, job)
    void job.finally(() => {
      release()
      if (this.inflight.get(key) === job) this.inflight.delete(key)
    })
    return true
  }

  /** A slot among the PLAIN_RENDERS for a render of a page; null when all are taken (answer busy). */
  uncachedRender(): (() => void) | null {
    return this.plainRenders.take()
  }

  private dropWhenDue(): void {
    if (this.dueAt !== Infinity && this.schedule && this.schedule.clock.now().getTime() >= this.dueAt) {
      this.change({ tags: CONTENT_TAGS, items: [], cause: 'scheduled publication' })
    }
  }

  private bucket(key: string): PageLru<CachedPage> {
    return isVariant(key) ? this.variants : this.plain
  }
}

/** At most `limit` of something at once: take() gives a release (safe to call twice), or null when full. */
class Slots {
  private taken = 0

  constructor(private readonly limit: number) {}

  take(): (() => void) | null {
    if (this.taken >= this.limit) return null
    this.taken++
    let released = false
    return () => {
      if (!released) this.taken--
      released = true
    }
  }
}

/** The ETag of some bytes: a fast 64-bit hash is plenty to tell versions of one page apart. */
export const etagOf = (bytes: Uint8Array) => `"${Bun.hash(bytes).toString(36)}"`
