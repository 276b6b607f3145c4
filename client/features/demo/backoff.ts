// The event stream's reconnect schedule (spec sections 4 and 9): 1 s doubling to 30 s, on the one
// retry helper (src/contract/retry.ts).
import { backoffDelay, doubling } from '#src/contract/retry'
import { RECONNECT_BASE_MS, RECONNECT_MAX_EXPONENT, RECONNECT_MAX_MS } from './constants'

/** 1, 2, 4, 8, 16 and 30 s, the last repeating. */
const RECONNECT = doubling(RECONNECT_BASE_MS, RECONNECT_MAX_EXPONENT + 1, RECONNECT_MAX_MS)

/**
 * The wait before reconnect number `attempt` (0 for the first after a failure):
 * 1, 2, 4, 8, 16, 30, 30… seconds. Resetting the attempt after a successful open is the caller's.
 */
export const reconnectDelay = (attempt: number): number => backoffDelay(RECONNECT, attempt + 1)
