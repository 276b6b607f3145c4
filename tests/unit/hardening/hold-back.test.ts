// Refusals wait before they go out (src/lib/hold-back.ts), but no more than HOLD_BACK_MAX at once.
import { expect, test } from 'bun:test'
import { HOLD_BACK_MAX, holdBack } from '#src/lib/hold-back'

test('a refusal waits; past HOLD_BACK_MAX waiting, the next goes out at once', async () => {
  const started = performance.now()
  const waiting = Array.from({ length: HOLD_BACK_MAX }, () => holdBack(300))
  const t = performance.now()
  await holdBack(300)
  expect(performance.now() - t).toBeLessThan(50)
  await Promise.all(waiting)
  expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  const t2 = performance.now()
  await holdBack(100)
  expect(performance.now() - t2).toBeGreaterThanOrEqual(95)
})
