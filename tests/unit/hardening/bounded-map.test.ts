import { describe, expect, test } from 'bun:test'
import { BoundedMap } from '#src/lib/bounded-map'

const filled = (map: BoundedMap<number, string>, n: number) => {
  for (let i = 1; i <= n; i++) map.set(i, `v${i}`)
  return map
}

describe('BoundedMap', () => {
  test('never holds more than max: a new key evicts the oldest by default', () => {
    const map = filled(new BoundedMap({ max: 3 }), 5)
    expect([...map.keys()]).toEqual([3, 4, 5])
  })

  test('a known key is updated in place and evicts nothing; deleted and set again, it is the newest', () => {
    const map = filled(new BoundedMap({ max: 3 }), 3)
    map.set(1, 'again')
    expect([...map.entries()]).toEqual([[1, 'again'], [2, 'v2'], [3, 'v3']])
    map.delete(1)
    map.set(1, 'newest')
    map.set(4, 'v4')
    expect([...map.keys()]).toEqual([3, 1, 4])
  })

  test("'tenth' drops the oldest tenth of max at once when a new key finds it full", () => {
    const map = filled(new BoundedMap({ max: 20, evict: 'tenth' }), 21)
    expect(map.size).toBe(19)
    expect([...map.keys()].slice(0, 2)).toEqual([3, 4])
  })

  test("'all' starts over, keeping only the new key", () => {
    const map = filled(new BoundedMap({ max: 4, evict: 'all' }), 5)
    expect([...map.keys()]).toEqual([5])
  })

  test('tells onEvict of each entry an eviction drops, not of deletes', () => {
    const evicted: [string, number][] = []
    const map = filled(new BoundedMap({ max: 2, onEvict: (value, key) => evicted.push([value, key]) }), 3)
    map.delete(2)
    map.clear()
    expect(evicted).toEqual([['v1', 1]])
  })

  test('refuses a ceiling below one', () => {
    expect(() => new BoundedMap({ max: 0 })).toThrow(RangeError)
  })
})
