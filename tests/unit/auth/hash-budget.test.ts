// The password-check budget (src/features/sign-in-methods/hash-budget.ts): a burst, then a steady rate.
import { expect, test } from 'bun:test'
import { CHECK_BURST, CHECKS_PER_SECOND, HashBudget } from '#src/features/sign-in-methods/hash-budget'

test('a burst of 8 checks, then 4 a second; a refunded check is given back, never past the burst', () => {
  let ms = 0
  const budget = new HashBudget(CHECKS_PER_SECOND, CHECK_BURST, () => ms)
  const takes = (n: number) => Array.from({ length: n }, () => budget.take()).filter(Boolean).length
  expect(takes(20)).toBe(8)
  ms += 500
  expect(takes(5)).toBe(2)
  ms += 250
  expect(takes(2)).toBe(1)
  budget.refund()
  expect(takes(2)).toBe(1)
  ms += 60_000
  budget.refund()
  budget.refund()
  expect(takes(20)).toBe(8)
})
