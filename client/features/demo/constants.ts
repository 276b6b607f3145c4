// The demo's timings and sizes: spec section 9 (and the toast time of section 8).
export const TOKEN_POLL_MS = 30_000
export const TX_POLL_MS = 400
export const CONFIRMED_CLEAR_MS = 1_200
export const TOAST_MS = 2_000
export const LOG_SIZE = 200
export const RECONNECT_BASE_MS = 1_000
export const RECONNECT_MAX_MS = 30_000
/** 2^5 × 1 s is already past the maximum; the cap keeps the arithmetic finite forever. */
export const RECONNECT_MAX_EXPONENT = 5

/** What the page waits for; tests pass shorter ones. */
export type DemoTimings = { tokenPollMs: number; txPollMs: number; confirmedClearMs: number; toastMs: number }
export const DEMO_TIMINGS: DemoTimings = {
  tokenPollMs: TOKEN_POLL_MS,
  txPollMs: TX_POLL_MS,
  confirmedClearMs: CONFIRMED_CLEAR_MS,
  toastMs: TOAST_MS,
}
