// The account's ceiling on wrong codes (src/features/sign-in-methods/code-ceiling.ts): 10 in 15 minutes, then
// none checked until the oldest of them is 15 minutes old.
import { expect, test } from 'bun:test'
import { CODE_CEILING, CODE_WINDOW_MS, CodeCeiling } from '#src/features/sign-in-methods/code-ceiling'
import { manualClock } from '#src/lib/clock'

test('under the ceiling codes are checked; at it they wait for the oldest wrong code to leave the window', () => {
  const clock = manualClock()
  const ceiling = new CodeCeiling(clock)
  for (let i = 0; i < CODE_CEILING - 1; i++) {
    ceiling.failed()
    clock.advance(60_000)
  }
  expect(ceiling.wait()).toBe(0)
  ceiling.failed()
  // The first wrong code was 9 minutes ago: 6 minutes to go.
  expect(ceiling.wait()).toBe((CODE_WINDOW_MS - 9 * 60_000) / 1000)
  clock.advance(CODE_WINDOW_MS - 9 * 60_000)
  expect(ceiling.wait()).toBe(0)
  ceiling.failed()
  expect(ceiling.wait()).toBe(60)
  ceiling.forget()
  expect(ceiling.wait()).toBe(0)
})
