// wrk for the benchmarks: installed from Debian when missing, one thread (on two cores a second
// wrk thread takes the core the server needs and caps both servers), with the headers of a
// browser or none, its summary parsed (bench/lib/stats.ts) and its own CPU measured.
import { parseWrk, type WrkResult } from './stats'

/** The compression preference a browser sends, and what the reference's copies were fetched with. */
export const ACCEPT_ENCODING = 'br, gzip'

/** What a browser sends that the server reads: analytics counts a person only with these. */
export const BROWSER_HEADERS: Record<string, string> = {
  'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'Accept-Language': 'en-GB,en;q=0.9',
  'Accept-Encoding': ACCEPT_ENCODING,
}
export type HeaderSet = 'browser' | 'none'
export const HEADER_SETS: Record<HeaderSet, Record<string, string>> = { browser: BROWSER_HEADERS, none: {} }

/** Past this share of one core the load generator, not the server, may be what limits a round. */
export const WRK_SATURATED = 0.95

export type WrkRow = WrkResult & { path: string; p50: string; p99: string; /** wrk's CPU over the run, in cores */ wrkCpu: number; headers: HeaderSet }

export function ensureWrk() {
  if (Bun.which('wrk')) return
  console.log('installing wrk from Debian…')
  const apt = (args: string[]) => Bun.spawnSync(['apt-get', ...args], { stdout: 'inherit', stderr: 'inherit' })
  apt(['update'])
  if (apt(['install', '-y', 'wrk']).exitCode !== 0) throw new Error('wrk is required: apt-get install -y wrk')
}

export type WrkOptions = { seconds?: number; headers?: HeaderSet; connections?: number; script?: string }

/** wrk -t1 -c32 against one URL for `seconds`, with a browser's headers unless told otherwise. */
export function wrk(url: string, { seconds = 5, headers = 'browser', connections = 32, script }: WrkOptions = {}): WrkRow {
  const args = ['wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency']
  for (const [name, value] of Object.entries(HEADER_SETS[headers])) args.push('-H', `${name}: ${value}`)
  if (script) args.push('-s', script)
  args.push(url)
  const run = Bun.spawnSync(args)
  const out = run.stdout.toString()
  if (run.exitCode !== 0) throw new Error(`wrk exited ${run.exitCode}: ${run.stderr.toString()}${out}`)
  const result = parseWrk(out)
  const cpu = run.resourceUsage?.cpuTime
  const wrkCpu = cpu ? Number(cpu.user + cpu.system) / 1e6 / seconds : NaN
  const parsed = new URL(url)
  const ms = (x: number) => `${x.toFixed(2)}ms`
  return { path: parsed.pathname + parsed.search, ...result, p50: ms(result.p50Ms), p99: ms(result.p99Ms), wrkCpu, headers }
}
