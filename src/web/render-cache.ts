// Render once, serve many: public pages kept in memory per (path, declared query), with the
// content they show as tags, so an admin write drops exactly the pages that showed that content.
// Bounded (LRU by entries and bytes), precompressed once, revalidated with ETag/304.
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Clock } from '../lib/clock'
import type { Encoded } from './encoding'

/** What a page can show that the admin can change. */
export type ContentTag = 'projects' | 'posts' | 'skills'
export const CONTENT_TAGS: readonly ContentTag[] = ['projects', 'posts', 'skills']

export type CachedPage = {
  status: number
  etag: string
  /** Per encoding: content type, cache policy, ETag, Vary (and Content-Encoding). */
  responseHeaders: Record<'identity' | 'br' | 'gzip', Record<string, string>>
  /** Plain and gzip from the start; brotli joins a moment later (addBrotli). */
  encoded: Encoded
  tags: readonly ContentTag[]
  bytes: number
}

/** The tag versions a render started under: a write during the render must not be stored over. */
export type Stamp = ReadonlyMap<ContentTag, number>

export type CacheLimits = { entries: number; bytes: number }
export const DEFAULT_LIMITS: CacheLimits = { entries: 1000, bytes: 64 * 1024 * 1024 }

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export class RenderCache {
  private readonly pages = new Map<string, CachedPage>()
  private readonly versions = new Map<ContentTag, number>(CONTENT_TAGS.map((t) => [t, 0]))
  private readonly inflight = new Map<string, Promise<CachedPage | null>>()
  private total = 0
  private readonly listeners: ((keys: string[]) => void)[] = []
  /** When stored pages go stale by themselves (a scheduled item going public), in ms; see followSchedule. */
  private dueAt = Infinity
  private schedule: { clock: Clock; nextChange: () => number | null } | null = null

  constructor(readonly limits: CacheLimits = DEFAULT_LIMITS) {}

  /** Called with the keys an invalidation dropped, most recently used first (to render them again). */
  onDropped(listener: (keys: string[]) => void): void {
    this.listeners.push(listener)
  }

  get size() {
    return { entries: this.pages.size, bytes: this.total }
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
    if (this.dueAt !== Infinity && this.schedule && this.schedule.clock.now().getTime() >= this.dueAt) this.invalidate(CONTENT_TAGS)
    const page = this.pages.get(key)
    if (page) {
      this.pages.delete(key)
      this.pages.set(key, page)
    }
    return page
  }

  stamp(): Stamp {
    return new Map(this.versions)
  }

  /** Stores a page unless content it shows changed since `stamp`; evicts the least recently used. */
  store(key: string, page: CachedPage, stamp: Stamp): boolean {
    if (page.tags.some((t) => stamp.get(t) !== this.versions.get(t))) return false
    this.remove(key)
    this.pages.set(key, page)
    this.total += page.bytes
    this.evict()
    return this.pages.has(key)
  }

  /** Adds the brotli form of a stored page (made after it was stored); ignored once it was dropped. */
  addBrotli(key: string, page: CachedPage, br: Uint8Array<ArrayBuffer>): void {
    if (this.pages.get(key) !== page) return
    page.encoded = { ...page.encoded, br }
    page.bytes += br.length
    this.total += br.length
    this.evict()
  }

  /** Drops every page that shows any of `tags`; renders already running will not be stored. */
  invalidate(tags: readonly ContentTag[]): void {
    for (const t of tags) this.versions.set(t, (this.versions.get(t) ?? 0) + 1)
    // Renders under way started before the change: later requests must not wait for them.
    this.inflight.clear()
    const dropped: string[] = []
    for (const [key, page] of this.pages) {
      if (!page.tags.some((t) => tags.includes(t))) continue
      this.remove(key)
      dropped.unshift(key)
    }
    if (this.schedule) this.dueAt = this.schedule.nextChange() ?? Infinity
    if (dropped.length) for (const listener of this.listeners) listener(dropped)
  }

  /** A render of `key` under way: concurrent misses wait for it instead of rendering too. */
  pending(key: string): Promise<CachedPage | null> | undefined {
    return this.inflight.get(key)
  }

  setPending(key: string, job: Promise<CachedPage | null>): void {
    this.inflight.set(key, job)
    void job.finally(() => {
      if (this.inflight.get(key) === job) this.inflight.delete(key)
    })
  }

  /** Drops the least recently used pages until the cache is within its limits. */
  private evict() {
    for (const [oldest] of this.pages) {
      if (this.pages.size <= this.limits.entries && this.total <= this.limits.bytes) break
      this.remove(oldest)
    }
  }

  private remove(key: string) {
    const page = this.pages.get(key)
    if (!page) return
    this.pages.delete(key)
    this.total -= page.bytes
  }
}

/** The ETag of some bytes: a fast 64-bit hash is plenty to tell versions of one page apart. */
export const etagOf = (bytes: Uint8Array) => `"${Bun.hash(bytes).toString(36)}"`

/** Gzip at its best: about a millisecond for a page, so a page is stored with it at once. */
export const gzipBest = async (body: Uint8Array<ArrayBuffer>) => new Uint8Array(await gzipAsync(body, { level: 9 }))

/**
 * Brotli at its best (quality 11: about 12% smaller than 9, but some 40 ms for a 30 KB page), off
 * the event loop in zlib's thread pool; added to a page after it is stored, so nobody waits for it.
 */
export const brotliBest = async (body: Uint8Array<ArrayBuffer>) =>
  new Uint8Array(await brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }))
