// Pure helpers of the benchmarks: medians, wrk's summary parsed, ratios of alternating rounds.

export const round = (n: number, digits = 1) => Number(n.toFixed(digits))

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return NaN
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length / 2
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** The nearest-rank percentile `p` (0-100) of `xs`; NaN for none. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return NaN
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

const UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** A wrk duration ("604.00us", "26.54ms", "1.20s", "2.00m") in milliseconds; NaN when unreadable. */
export function durationMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim())
  return m ? Number(m[1]) * UNITS[m[2]!]! : NaN
}

export type WrkResult = {
  rps: number
  p50Ms: number
  p99Ms: number
  requests: number
  /** Responses outside 2xx and 3xx, which would make a fast number meaningless. */
  non2xx: number
  /** Socket errors of every kind (connect, read, write, timeout) added up. */
  errors: number
}

/** The summary of `wrk --latency`. */
export function parseWrk(out: string): WrkResult {
  // Anchored: the thread stats above the distribution end in percentages too ("75.50%").
  const latency = (p: number) => durationMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '')
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out)
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN),
    p50Ms: latency(50),
    p99Ms: latency(99),
    requests: Number(/(\d+) requests in/.exec(out)?.[1] ?? NaN),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
  }
}

/**
 * The ratio of A to B measured in alternating rounds (A B A B …): the median of each adjacent
 * pair's ratio, so a machine that slows down during the run (another engineer's tests) weighs on
 * both sides of a pair instead of on whichever ran later.
 */
export function alternatingRatio(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`alternating rounds differ in count: ${a.length} and ${b.length}`)
  return median(a.map((x, i) => x / b[i]!))
}

/** Rounds of one server on one path: medians of throughput and latencies, failures added up. */
export function summarize(rounds: readonly WrkResult[]) {
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50Ms: median(rounds.map((r) => r.p50Ms)),
    p99Ms: median(rounds.map((r) => r.p99Ms)),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  }
}
export type Summary = ReturnType<typeof summarize>
