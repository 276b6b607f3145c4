// A refusal (429) goes out after a short wait, at no cost to the server: a client that floods
// holds its own connections instead of the server's CPU.
// NOTE: a closed-loop flood (each connection sends its next request when the last is answered)
// is as fast as the server answers; cheap answers only make it faster. In the soak
// (bench/reports/SOAK.md) 24 connections of refusals from 4,096 addresses kept a core busy and every
// visitor's page queued behind them. Held half a second, the same connections send a
// fraction of the requests. Retry-After still says when to come back.

/** How long a refusal waits before it is sent. */
export const HOLD_BACK_MS = 500
/** Refusals held at once, each a waiting socket of a few KiB; past it one is sent at once. */
export const HOLD_BACK_MAX = 256

let held = 0

/** Resolves after HOLD_BACK_MS, or at once when HOLD_BACK_MAX refusals are already waiting. */
export async function holdBack(ms = HOLD_BACK_MS): Promise<void> {
  if (held >= HOLD_BACK_MAX) return
  held++
  try {
    await Bun.sleep(ms)
  } finally {
    held--
  }
}
