// The database growth the soak allows: what SECURITY.md states as the bound, computed from the
// same constants the server enforces, for a run of `seconds`.
import type { Limit } from '../src/lib/rate-limit'

export function soakDatabaseBound(seconds: number, contactGlobal: Limit) {
  const windows = Math.ceil((seconds * 1000) / contactGlobal.windowMs) + 1
  // Filled in from the analytics caps (issue 17, item 3).
  return { hits: Infinity, daily: Infinity, messages: windows * contactGlobal.max }
}
