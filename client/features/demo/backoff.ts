// The event stream's reconnect schedule (spec sections 4 and 9): 1 s doubling to 30 s.
import { RECONNECT_BASE_MS, RECONNECT_MAX_EXPONENT, RECONNECT_MAX_MS } from './constants'

/**
 * The wait before reconnect number `attempt` (0 for the first after a failure):
 * 1, 2, 4, 8, 16, 30, 30… seconds. Resetting the attempt after a successful open is the caller's.
 */
export function reconnectDelay(attempt: number): number {
  const exponent = Math.min(Math.max(0, Math.floor(attempt) || 0), RECONNECT_MAX_EXPONENT)
  return Math.min(RECONNECT_BASE_MS * 2 ** exponent, RECONNECT_MAX_MS)
}
