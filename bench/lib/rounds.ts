// Load rounds with wrk: two servers alternating on one path (A B A B …) after a warm-up of each,
// or one server alone; each summarized as medians (bench/lib/stats.ts).
import { alternatingRatio, round, summarize, type Summary } from './stats'
import { wrk, type WrkRow } from './wrk'

export type Settings = { seconds: number; rounds: number; warmupSeconds: number }
export type Compared = { path: string; folio: Summary; reference: Summary; ratio: number; rounds: { folio: WrkRow[]; reference: WrkRow[] } }

/** folio (A) against the reference (B) on `path`, alternating, `rounds` each. */
export function alternate(folio: string, reference: string, path: string, s: Settings): Compared {
  wrk(folio + path, s.warmupSeconds)
  wrk(reference + path, s.warmupSeconds)
  const a: WrkRow[] = []
  const b: WrkRow[] = []
  for (let i = 0; i < s.rounds; i++) {
    a.push(wrk(folio + path, s.seconds))
    b.push(wrk(reference + path, s.seconds))
  }
  const ratio = round(alternatingRatio(a.map((r) => r.rps), b.map((r) => r.rps)), 3)
  return { path, folio: summarize(a), reference: summarize(b), ratio, rounds: { folio: a, reference: b } }
}

/** One server alone on `path`: a warm-up, then `rounds` rounds. */
export function alone(base: string, path: string, s: Settings): Summary {
  wrk(base + path, s.warmupSeconds)
  return summarize(Array.from({ length: s.rounds }, () => wrk(base + path, s.seconds)))
}
