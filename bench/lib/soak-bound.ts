// The database growth the soak allows: the bounds SECURITY.md states, computed from the same
// constants the server enforces, for a run of `seconds` from `addresses` source addresses.
import { ADDRESS_RATE } from '#src/features/analytics/bots'
import { DAILY_ROWS_MAX } from '#src/features/analytics/daily-values'
import type { Limit } from '#src/lib/rate-limit'

/** How many loopback source addresses the hostile mix comes from. */
export const SOAK_ADDRESSES = 4096

export function soakDatabaseBound(seconds: number, addresses: number, contactGlobal: Limit) {
  const windows = (ms: number) => Math.ceil((seconds * 1000) / ms) + 1
  return {
    // A view may add its goal (the demo's): two rows per counted view at most.
    hits: 2 * ADDRESS_RATE.max * windows(ADDRESS_RATE.windowMs) * addresses,
    // A run may span midnight (UTC): two days' worth of day sums.
    daily: 2 * DAILY_ROWS_MAX,
    messages: windows(contactGlobal.windowMs) * contactGlobal.max,
  }
}
