// wrk for the benchmarks: installed from Debian when missing, run with the headers a browser's
// compression preference would send, its summary parsed (bench/lib/stats.ts).
import { parseWrk, type WrkResult } from './stats'

/** What every load run asks for, and what the reference server's copies were fetched with. */
export const ACCEPT_ENCODING = 'br, gzip'

export type WrkRow = WrkResult & { path: string; p50: string; p99: string }

export function ensureWrk() {
  if (Bun.which('wrk')) return
  console.log('installing wrk from Debian…')
  const apt = (args: string[]) => Bun.spawnSync(['apt-get', ...args], { stdout: 'inherit', stderr: 'inherit' })
  apt(['update'])
  if (apt(['install', '-y', 'wrk']).exitCode !== 0) throw new Error('wrk is required: apt-get install -y wrk')
}

/** wrk -t2 -c32 against one URL for `seconds`, asking for brotli or gzip. */
export function wrk(url: string, seconds = 5): WrkRow {
  const args = ['wrk', '-t2', '-c32', `-d${seconds}s`, '--latency', '-H', `Accept-Encoding: ${ACCEPT_ENCODING}`, url]
  const run = Bun.spawnSync(args)
  const out = run.stdout.toString()
  if (run.exitCode !== 0) throw new Error(`wrk exited ${run.exitCode}: ${run.stderr.toString()}${out}`)
  const result = parseWrk(out)
  const parsed = new URL(url)
  const ms = (x: number) => `${x.toFixed(2)}ms`
  return { path: parsed.pathname + parsed.search, ...result, p50: ms(result.p50Ms), p99: ms(result.p99Ms) }
}
