// An injectable clock, so expiry and time windows are tested without waiting.
export type Clock = { now(): Date }
export const systemClock: Clock = { now: () => new Date() }

/** A clock tests move by hand. */
export function manualClock(start = new Date('2026-06-01T12:00:00Z')) {
  let t = start.getTime()
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms
    },
    set(date: Date) {
      t = date.getTime()
    },
  }
}

export const HOUR = 60 * 60 * 1000
export const DAY = 24 * HOUR
export const utcDay = (d: Date) => d.toISOString().slice(0, 10)
