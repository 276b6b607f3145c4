// A Map with a ceiling: state kept per client (throttles, rate limits, demo logins) or a memo of
// parsed input must not grow with what strangers send. It never holds more than `max` entries;
// a new key that finds it full first evicts, oldest first (insertion order).

/**
 * What a new key evicts when the map is full:
 * - 'oldest': the oldest entry, one for one (the default);
 * - 'tenth': the oldest tenth of `max` at once; NOTE: deleting only the first key on each insert is
 *   quadratic in Bun (each walk from the start steps over the deleted slots: 300,000 new login
 *   sources took 6.5 s), so a map under a flood of new keys drops them in batches;
 * - 'all': every entry, a memo that starts over (cheaper than keeping an order for a cache whose
 *   few useful keys come back at once).
 */
export type Eviction = 'oldest' | 'tenth' | 'all'

export type BoundedMapOptions<K, V> = {
  /** Entries held at most (1 or more). */
  max: number
  evict?: Eviction
  /** Called with each entry an eviction drops (not with those delete() or clear() drop). */
  onEvict?: (value: V, key: K) => void
}

export class BoundedMap<K, V> implements Iterable<[K, V]> {
  private readonly map = new Map<K, V>()
  readonly max: number
  private readonly evict: Eviction
  private readonly onEvict: ((value: V, key: K) => void) | undefined

  constructor({ max, evict = 'oldest', onEvict }: BoundedMapOptions<K, V>) {
    if (!(max >= 1)) throw new RangeError(`BoundedMap: max must be 1 or more, not ${max}`)
    this.max = max
    this.evict = evict
    this.onEvict = onEvict
  }

  get size(): number {
    return this.map.size
  }

  get(key: K): V | undefined {
    return this.map.get(key)
  }

  has(key: K): boolean {
    return this.map.has(key)
  }

  /**
   * A new key goes last, after evicting when the map is full; a known key keeps its place (as
   * with a Map): to make it the newest, delete it first.
   */
  set(key: K, value: V): this {
    if (this.map.size >= this.max && !this.map.has(key)) this.evictFor()
    this.map.set(key, value)
    return this
  }

  delete(key: K): boolean {
    return this.map.delete(key)
  }

  clear(): void {
    this.map.clear()
  }

  keys(): MapIterator<K> {
    return this.map.keys()
  }

  values(): MapIterator<V> {
    return this.map.values()
  }

  entries(): MapIterator<[K, V]> {
    return this.map.entries()
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.map.entries()
  }

  /** Makes room for one more entry. */
  private evictFor(): void {
    if (this.evict === 'all' && !this.onEvict) return this.map.clear()
    let drop = this.evict === 'all' ? this.map.size : this.evict === 'tenth' ? Math.ceil(this.max / 10) : this.map.size - this.max + 1
    for (const [key, value] of this.map) {
      if (drop-- <= 0) break
      this.map.delete(key)
      this.onEvict?.(value, key)
    }
  }
}
