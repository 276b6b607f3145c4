// One bucket of the render cache: pages by key, least recently used dropped first, bounded by
// entries and bytes (lru-cache's `max` and `maxSize`).
import { LRUCache } from 'lru-cache'

export type CacheLimits = { entries: number; bytes: number }

/** What a bucket holds: anything that says its size. */
type Sized = { bytes: number }

export class PageLru<P extends Sized> {
  private readonly pages: LRUCache<string, P>

  constructor(readonly limits: CacheLimits) {
    // NOTE: lru-cache takes sizes of 1 and up; an empty page (none is) would count 1 byte.
    // A page larger than `maxSize` is refused outright, and evicts nothing.
    this.pages = new LRUCache<string, P>({ max: limits.entries, maxSize: limits.bytes, sizeCalculation: (page) => Math.max(1, page.bytes) })
  }

  get size() {
    return { entries: this.pages.size, bytes: this.pages.calculatedSize }
  }

  /** A hit becomes the most recently used. */
  get(key: string): P | undefined {
    return this.pages.get(key)
  }

  /** True while `page` is the one stored under `key` (the order is left as it is). */
  holds(key: string, page: P): boolean {
    return this.pages.peek(key) === page
  }

  /** Stores a page, evicting the least recently used; false when it does not fit at all. */
  set(key: string, page: P): boolean {
    this.pages.set(key, page)
    return this.holds(key, page)
  }

  /**
   * A stored page grew (a compressed form joined it): counted again, evicting the least recently
   * used past the bounds. NOTE: lru-cache sizes an entry when it is set, so it is set again, which
   * also makes it the most recently used (it was stored a moment before).
   */
  grew(key: string, page: P): void {
    if (this.holds(key, page)) this.pages.set(key, page)
  }

  /** Removes the pages `drop` picks; their keys, most recently used first. */
  removeWhere(drop: (page: P) => boolean): string[] {
    const dropped = [...this.pages.entries()].filter(([, page]) => drop(page)).map(([key]) => key)
    for (const key of dropped) this.pages.delete(key)
    return dropped
  }
}
