// The one retry helper (src/contract/retry.ts) that the notification outbox, the cache purger and
// the demo's event stream share: their own schedules are tested beside them.
import { expect, test } from 'bun:test'
import { backoffDelay, doubling, nextTryAt, retry } from '#src/contract/retry'

test('doubling makes the waits from the first, none past the ceiling', () => {
  expect(doubling(1_000, 4)).toEqual([1_000, 2_000, 4_000, 8_000])
  expect(doubling(1_000, 6, 30_000)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000])
  expect(doubling(1_000, 0)).toEqual([])
})

test.each([
  [1, 10],
  [2, 20],
  [3, 30],
  [4, 30],
  [1e9, 30],
  [Number.POSITIVE_INFINITY, 30],
  [0, 10],
  [-3, 10],
  [Number.NaN, 10],
  [2.9, 20],
])('after failure %p it waits %p ms, the last wait repeating', (failure, ms) => {
  expect(backoffDelay([10, 20, 30], failure)).toBe(ms)
})

test('no waits at all means no wait', () => {
  expect(backoffDelay([], 3)).toBe(0)
})

test('the next try never runs past the give-up time, and at it there is none', () => {
  expect(nextTryAt([100], 1, 1_000, 5_000)).toBe(1_100)
  expect(nextTryAt([100], 1, 4_950, 5_000)).toBe(5_000)
  expect(nextTryAt([100], 1, 5_000, 5_000)).toBeNull()
})

test('retry tries until a call resolves, waiting the schedule between failures', async () => {
  const waits: number[] = []
  let calls = 0
  const outcome = await retry(
    async (attempt) => {
      calls++
      if (attempt < 3) throw new Error(`no ${attempt}`)
      return 'done'
    },
    { waits: [1, 2], tries: 5, onRetry: (_error, _tries, ms) => waits.push(ms) },
  )
  expect(outcome).toEqual({ ok: true, value: 'done', tries: 3 })
  expect([calls, waits]).toEqual([3, [1, 2]])
})

test('retry gives up after its tries, or at once when told to stop, with the last error', async () => {
  const failing = async (attempt: number) => {
    throw new Error(`no ${attempt}`)
  }
  const spent = await retry(failing, { waits: [1], tries: 3 })
  expect(spent.ok).toBe(false)
  expect(spent.tries).toBe(3)
  expect(!spent.ok && (spent.error as Error).message).toBe('no 3')
  const stopped = await retry(failing, { waits: [1], tries: 3, stop: () => true })
  expect(stopped.tries).toBe(1)
})
