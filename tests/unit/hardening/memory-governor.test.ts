import { expect, test } from 'bun:test'
import { HEAP_GROWTH_BYTES, MEMORY_HARD_LIMIT_BYTES, MEMORY_SOFT_LIMIT_BYTES, startMemoryGovernor } from '#src/lib/memory-governor'

test('the governor collects garbage only while the process is past its soft limit', async () => {
  let rss = MEMORY_SOFT_LIMIT_BYTES - 1
  let heap = 50 * 1024 * 1024
  let collections = 0
  const stop = startMemoryGovernor({ rss: () => rss, heapUsed: () => heap, collect: () => collections++ })
  await Bun.sleep(600)
  expect(collections).toBe(0)
  rss = MEMORY_SOFT_LIMIT_BYTES + 1
  // The heap grows a little more than the growth step each check: a collection each time.
  const grow = setInterval(() => (heap += HEAP_GROWTH_BYTES + 1), 100)
  await Bun.sleep(600)
  clearInterval(grow)
  expect(collections).toBeGreaterThanOrEqual(2)
  stop()
  const after = collections
  await Bun.sleep(600)
  expect(collections).toBe(after)
})

test('past the limit, a heap that has not grown since the last collection is left alone', async () => {
  const heap = 50 * 1024 * 1024
  let collections = 0
  // Resident size stays high after a collection (pages return to the system lazily).
  const stop = startMemoryGovernor({ rss: () => MEMORY_SOFT_LIMIT_BYTES + 1, heapUsed: () => heap, collect: () => collections++ })
  await Bun.sleep(1100)
  stop()
  // One collection to learn the floor; none after while the heap stays there (four checks a second).
  expect(collections).toBe(1)
})

test('past the hard limit it collects once a second even when the heap has not grown', async () => {
  let collections = 0
  const stop = startMemoryGovernor({ rss: () => MEMORY_HARD_LIMIT_BYTES + 1, heapUsed: () => 50 * 1024 * 1024, collect: () => collections++ })
  await Bun.sleep(2200)
  stop()
  // At 0.25 s (the first), about 1.25 s and 2.25 s: never four a second.
  expect(collections).toBeGreaterThanOrEqual(2)
  expect(collections).toBeLessThanOrEqual(3)
})
