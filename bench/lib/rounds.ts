// Load rounds with wrk: two servers alternating on one path (A B A B …) after a warm-up of each,
// or one server alone; each summarized as medians (bench/lib/stats.ts).
import { alternatingRatio, round, summarize, type Summary } from './stats'
import { wrk, WRK_SATURATED, type HeaderSet, type WrkRow } from './wrk'

export type Settings = { seconds: number; rounds: number; warmupSeconds: number }
export type Compared = { path: string; headers: HeaderSet; folio: Summary; reference: Summary; ratio: number; rounds: { folio: WrkRow[]; reference: WrkRow[] }; wrkCpuMax: number; saturatedPairs: number }

/**
 * folio (A) against the reference (B) on `path`, alternating, `rounds` each. A pair in which wrk
 * used a whole core on either side says more about wrk than about the servers: it does not count,
 * unless every pair is such (then the ratio is kept and `saturatedPairs` says so).
 */
export function alternate(folio: string, reference: string, path: string, s: Settings, headers: HeaderSet = 'browser'): Compared {
  wrk(folio + path, { seconds: s.warmupSeconds, headers })
  wrk(reference + path, { seconds: s.warmupSeconds, headers })
  const a: WrkRow[] = []
  const b: WrkRow[] = []
  for (let i = 0; i < s.rounds; i++) {
    a.push(wrk(folio + path, { seconds: s.seconds, headers }))
    b.push(wrk(reference + path, { seconds: s.seconds, headers }))
  }
  const fair = a.map((_, i) => a[i]!.wrkCpu < WRK_SATURATED && b[i]!.wrkCpu < WRK_SATURATED)
  const counted = fair.some(Boolean) ? fair : fair.map(() => true)
  const pick = <T>(xs: T[]) => xs.filter((_, i) => counted[i])
  const ratio = round(alternatingRatio(pick(a).map((r) => r.rps), pick(b).map((r) => r.rps)), 3)
  return {
    path,
    headers,
    folio: summarize(pick(a)),
    reference: summarize(pick(b)),
    ratio,
    rounds: { folio: a, reference: b },
    wrkCpuMax: round(Math.max(...a.map((r) => r.wrkCpu), ...b.map((r) => r.wrkCpu)), 2),
    saturatedPairs: fair.filter((f) => !f).length,
  }
}

/** One server alone on `path`: a warm-up, then `rounds` rounds. */
export function alone(base: string, path: string, s: Settings, headers: HeaderSet = 'browser'): Summary {
  wrk(base + path, { seconds: s.warmupSeconds, headers })
  return summarize(Array.from({ length: s.rounds }, () => wrk(base + path, { seconds: s.seconds, headers })))
}
