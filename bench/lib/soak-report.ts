// bench/reports/SOAK.md from one soak run (bench/soak.ts): the targets of issue 17 with PASS/FAIL, the
// normal visitor's latency per 30 s window, memory, database growth, the hostile mix's outcomes
// and where the machine's CPU went.
import { CONTACT_GLOBAL_LIMIT } from '#src/features/contact/guards'
import { SOAK_ADDRESSES, soakDatabaseBound } from './soak-bound'

export type Window = { fromS: number; latencies: number[]; errors: number; maxRssMiB: number }
type Rows = { analytics_hits: number; analytics_daily: number; messages: number }
export type SoakResult = {
  seconds: number
  env: Record<string, string>
  concurrency: number
  idleRssMiB: number
  windows: (Window & { p50: number; p99: number; max: number })[]
  owner: { atS: number; status: number; ms: number }[]
  attack: Record<string, Record<string, number>>
  visitorStatus: Record<string, number>
  crashed: boolean
  db: { startBytes: number; maxBytes: number; endBytes: number; startRows: Rows; endRows: Rows }
  cpu: { serverS: number; attackerS: number; visitorS: number }
}

const MAX_RSS_MIB = 150
const MAX_P99_MS = 20
const f1 = (n: number) => n.toFixed(1)
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

export function soakReport(r: SoakResult): { markdown: string; pass: boolean } {
  const maxRss = Math.max(...r.windows.map((w) => w.maxRssMiB))
  const worstP99 = Math.max(...r.windows.map((w) => w.p99))
  const fives = Object.values(r.attack).reduce((n, row) => n + Object.entries(row).reduce((m, [k, v]) => m + (k.startsWith('5') ? v : 0), 0), 0) + Object.entries(r.visitorStatus).reduce((n, [k, v]) => n + (k.startsWith('5') ? v : 0), 0)
  const grown = { hits: r.db.endRows.analytics_hits - r.db.startRows.analytics_hits, daily: r.db.endRows.analytics_daily - r.db.startRows.analytics_daily, messages: r.db.endRows.messages - r.db.startRows.messages }
  const bound = soakDatabaseBound(r.seconds, SOAK_ADDRESSES, CONTACT_GLOBAL_LIMIT)
  const ownerOk = r.owner.length > 0 && r.owner.every((o) => o.status === 200)
  const targets: [string, string, boolean][] = [
    [`RSS never above ${MAX_RSS_MIB} MiB`, `max ${f1(maxRss)} MiB (idle ${f1(r.idleRssMiB)} MiB)`, maxRss <= MAX_RSS_MIB],
    ['no 5xx, no crash', `${fives} answers 5xx; ${r.crashed ? 'crashed' : 'no crash'}`, fives === 0 && !r.crashed],
    ['database growth within the stated bound', `hits +${grown.hits} (≤ ${bound.hits}), day sums +${grown.daily} (≤ ${bound.daily}), messages +${grown.messages} (≤ ${bound.messages}); file ${mib(r.db.startBytes)} → max ${mib(r.db.maxBytes)}`, grown.hits <= bound.hits && grown.daily <= bound.daily && grown.messages <= bound.messages],
    [`normal visitor's p99 under ${MAX_P99_MS} ms in every ${r.windows.length > 1 ? '30 s window' : 'window'}`, `worst window p99 ${f1(worstP99)} ms`, worstP99 < MAX_P99_MS],
    ['the owner signs in during the login flood', `${r.owner.filter((o) => o.status === 200).length} of ${r.owner.length} sign-ins answered 200 (slowest ${Math.max(0, ...r.owner.map((o) => o.ms))} ms)`, ownerOk],
  ]
  const pass = targets.every((t) => t[2])
  const lines = [
    '# Soak under attack',
    '',
    `\`npm run soak\`: the compiled binary at its defaults (set: ${Object.entries(r.env).map(([k, v]) => (k === 'ADMIN_PASSWORD' ? `${k}=…` : `${k}=${v}`)).join(', ')}) for ${r.seconds} s under a hostile mix from 4,096 loopback source addresses (${r.concurrency} requests in flight, plus 200 event streams opened and dropped every 10 s), beside one normal visitor reading seven pages in turn every 250 ms and the owner signing in every 20 s from a clean address, in the browser it signed in with before the flood (it keeps its known-device cookie). The attacker and the visitor are separate processes on the same 2-core machine.`,
    '',
    `**${pass ? 'PASS' : 'FAIL'}**`,
    '',
    '| target | measured | |',
    '|---|---|---|',
    ...targets.map(([name, got, ok]) => `| ${name} | ${got} | ${ok ? 'PASS' : 'FAIL'} |`),
    '',
    '## The normal visitor, per window',
    '',
    '| from (s) | requests | p50 ms | p99 ms | max ms | not 200 | max RSS MiB |',
    '|---|---|---|---|---|---|---|',
    ...r.windows.map((w) => `| ${w.fromS} | ${w.latencies.length} | ${f1(w.p50)} | ${f1(w.p99)} | ${f1(w.max)} | ${w.errors} | ${f1(w.maxRssMiB)} |`),
    '',
    '## The hostile mix: answers by kind',
    '',
    '| kind | answers |',
    '|---|---|',
    ...Object.entries(r.attack).map(([kind, row]) => `| ${kind} | ${Object.entries(row).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}: ${v}`).join(', ')} |`),
    '',
    '## The owner\'s sign-ins',
    '',
    r.owner.map((o) => `${o.atS} s: ${o.status} in ${o.ms} ms`).join('; '),
    '',
    '## CPU (seconds over the run)',
    '',
    `server ${f1(r.cpu.serverS)}, attacker ${f1(r.cpu.attackerS)}, visitor and sampler ${f1(r.cpu.visitorS)}; the machine has ${r.seconds * 2} core-seconds in the run.`,
    '',
  ]
  return { markdown: lines.join('\n'), pass }
}
