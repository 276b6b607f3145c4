// One bucket of the render cache: pages by key, least recently used first, bounded by entries and bytes.
import type { CachedPage } from './render-cache'

export type CacheLimits = { entries: number; bytes: number }

export class PageLru {
  // NOTE: a Map iterates in insertion order; a hit is re-inserted, so the first key is the oldest.
  private readonly pages = new Map<string, CachedPage>()
  private total = 0

  constructor(readonly limits: CacheLimits) {}

  get size() {
    return { entries: this.pages.size, bytes: this.total }
  }

  /** A hit becomes the most recently used. */
  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key)
    if (page) {
      this.pages.delete(key)
      this.pages.set(key, page)
    }
    return page
  }

  /** True while `page` is the one stored under `key` (the order is left as it is). */
  holds(key: string, page: CachedPage): boolean {
    return this.pages.get(key) === page
  }

  /** Stores a page, evicting the least recently used; false when it does not fit at all. */
  set(key: string, page: CachedPage): boolean {
    this.remove(key)
    this.pages.set(key, page)
    this.total += page.bytes
    this.evict()
    return this.pages.has(key)
  }

  /** A stored page grew (a compressed form joined it). */
  grew(bytes: number): void {
    this.total += bytes
    this.evict()
  }

  /** Removes the pages `drop` picks; their keys, most recently used first. */
  removeWhere(drop: (page: CachedPage) => boolean): string[] {
    const dropped: string[] = []
    for (const [key, page] of this.pages) {
      if (!drop(page)) continue
      this.remove(key)
      dropped.unshift(key)
    }
    return dropped
  }

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
