import { expect, test } from 'bun:test'
import { MEMORY_SOFT_LIMIT_BYTES, startMemoryGovernor } from '#src/lib/memory-governor'

test('the governor collects garbage only while the process is past its soft limit', async () => {
  let rss = MEMORY_SOFT_LIMIT_BYTES - 1
  let collections = 0
  const stop = startMemoryGovernor(() => rss, () => collections++)
  await Bun.sleep(600)
  expect(collections).toBe(0)
  rss = MEMORY_SOFT_LIMIT_BYTES + 1
  await Bun.sleep(600)
  expect(collections).toBeGreaterThanOrEqual(1)
  stop()
  const after = collections
  await Bun.sleep(600)
  expect(collections).toBe(after)
})
