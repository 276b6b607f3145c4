import { describe, expect, test } from 'bun:test'
import { reconnectDelay } from '#client/features/demo/backoff'
import {
  CONFIRMED_CLEAR_MS,
  DEMO_TIMINGS,
  LOG_SIZE,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_EXPONENT,
  RECONNECT_MAX_MS,
  TOAST_MS,
  TOKEN_POLL_MS,
  TX_POLL_MS,
} from '#client/features/demo/constants'

describe('reconnect backoff', () => {
  test.each([
    [0, 1_000],
    [1, 2_000],
    [2, 4_000],
    [3, 8_000],
    [4, 16_000],
    [5, 30_000],
    [6, 30_000],
    [7, 30_000],
    [50, 30_000],
  ])('waits the spec schedule before reconnect %i: %i ms', (attempt, ms) => {
    expect(reconnectDelay(attempt)).toBe(ms)
  })

  test('doubles from 1 s and never passes 30 s, however long the outage', () => {
    const delays = Array.from({ length: 12 }, (_, i) => reconnectDelay(i))
    expect(delays.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000])
    expect(Math.max(...delays)).toBe(30_000)
    expect(reconnectDelay(1e9)).toBe(30_000)
    expect(reconnectDelay(Number.POSITIVE_INFINITY)).toBe(30_000)
  })

  test('treats a negative, fractional or missing attempt as the nearest sane one', () => {
    expect(reconnectDelay(-3)).toBe(1_000)
    expect(reconnectDelay(Number.NaN)).toBe(1_000)
    expect(reconnectDelay(2.9)).toBe(4_000)
  })
})

test('the demo constants are the values of spec sections 8 and 9', () => {
  expect([RECONNECT_BASE_MS, RECONNECT_MAX_MS, RECONNECT_MAX_EXPONENT]).toEqual([1_000, 30_000, 5])
  expect([TOKEN_POLL_MS, TX_POLL_MS, CONFIRMED_CLEAR_MS, TOAST_MS, LOG_SIZE]).toEqual([30_000, 400, 1_200, 2_000, 200])
  expect(DEMO_TIMINGS).toEqual({ tokenPollMs: 30_000, txPollMs: 400, confirmedClearMs: 1_200, toastMs: 2_000 })
})
