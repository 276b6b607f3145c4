// `npm run bench:binary [-- --no-build]`: the figures of the compiled binary a self-hoster runs:
// its size, the time from exec to the first 200 on /api/health, and its resident memory idle and
// after a load run. Writes bench/reports/BINARY.md and bench/reports/binary.json and prints the table.
// `npm run bench` (bench/run.ts) imports the same measurements.
import { cpSync, existsSync, linkSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { freePort } from '#tests/support/server/process'
import { median, round } from './lib/stats'
import { ensureWrk, wrk, type WrkRow } from './lib/wrk'

const ROOT = join(import.meta.dir, '..')
const RUNS = 10
const LOAD_SECONDS = 10

/** The binary alone in a fresh empty directory (a hard link: same bytes, no 110 MiB copy). */
export function placeAlone(binary: string) {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-binary-'))
  linkSync(binary, join(dir, 'folio'))
  return dir
}

/** A copy of a stopped folio's directory (its data), the binary linked: a second site to start. */
export function cloneDir(dir: string) {
  const copy = mkdtempSync(join(tmpdir(), 'folio-bench-binary-'))
  for (const name of readdirSync(dir)) {
    if (name === 'folio') linkSync(join(dir, name), join(copy, name))
    else cpSync(join(dir, name), join(copy, name), { recursive: true })
  }
  return copy
}

export type Started = { proc: Bun.Subprocess; url: string; ms: number }

/**
 * Execs the binary in `dir` at its defaults (LOG_LEVEL=info, analytics on) plus `env`, and polls
 * /api/health every 2 ms until the first 200. Its log (stdout) goes to `logFile` when given, to
 * nowhere otherwise (like a service whose journal is elsewhere); errors to our stderr.
 */
export async function start(dir: string, env: Record<string, string> = {}, logFile?: string): Promise<Started> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const began = performance.now()
  const proc = Bun.spawn([join(dir, 'folio')], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdin: 'ignore',
    stdout: logFile ? Bun.file(logFile) : 'ignore',
    stderr: 'inherit',
  })
  while (performance.now() - began < 60_000) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) return { proc, url, ms: performance.now() - began }
    if (proc.exitCode !== null) throw new Error(`folio exited ${proc.exitCode} before answering`)
    await Bun.sleep(2)
  }
  proc.kill('SIGKILL')
  throw new Error('no 200 on /api/health within 60 s')
}

export async function stop(proc: Bun.Subprocess) {
  proc.kill('SIGTERM')
  if ((await proc.exited) !== 0) throw new Error(`folio exited ${proc.exitCode} on SIGTERM`)
}

/** Resident memory and its peak so far, in MiB, from /proc/<pid>/status. */
export function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
  return { rssMiB: round(kib('VmRSS') / 1024), peakMiB: round(kib('VmHWM') / 1024) }
}

export const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return { median: round(median(xs), 0), min: round(sorted[0]!, 0), max: round(sorted.at(-1)!, 0), runs: xs.map((x) => round(x, 0)) }
}
export type Stats = ReturnType<typeof stats>

/** Exec to first 200, `runs` times, each in a fresh empty directory; returns the times and a data dir. */
export async function freshStarts(binary: string, env: Record<string, string> = {}, runs = RUNS) {
  const times: number[] = []
  let kept = ''
  for (let i = 0; i < runs; i++) {
    const dir = placeAlone(binary)
    const s = await start(dir, env)
    times.push(s.ms)
    await stop(s.proc)
    if (i === 0) kept = dir
    else rmSync(dir, { recursive: true, force: true })
  }
  return { times, kept }
}

/** Exec to first 200 on the data already in `dir` (an upgrade or a reboot), `runs` times. */
export async function restarts(dir: string, runs = RUNS) {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const s = await start(dir)
    times.push(s.ms)
    await stop(s.proc)
  }
  return times
}

/** Resident memory 1 s after the first 200 (the page cache of a first request not included). */
export async function idleMemory(dir: string, env: Record<string, string> = {}) {
  const s = await start(dir, env)
  await Bun.sleep(1000)
  return { started: s, idle: memory(s.proc.pid) }
}

export const binarySizeMiB = (binary: string) => round(Bun.file(binary).size / 1024 / 1024)

async function main() {
  const binary = join(ROOT, 'dist/folio')
  const { values } = parseArgs({ args: Bun.argv.slice(2), options: { 'no-build': { type: 'boolean' } } })
  if (!values['no-build']) {
    const build = Bun.spawnSync([process.execPath, join(ROOT, 'build.ts')], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
    if (build.exitCode !== 0) throw new Error('build.ts failed')
  } else if (!existsSync(binary)) throw new Error('--no-build: dist/folio is missing (npm run build)')
  ensureWrk()

  // 1. A first start: migrations, the sample content (SEED=demo, the default) or none, listen.
  const demo = await freshStarts(binary)
  const empty = await freshStarts(binary, { SEED: 'none' })
  rmSync(empty.kept, { recursive: true, force: true })
  // 2. A restart: the data is there (an upgrade or a reboot), nothing to migrate or seed.
  const restart = await restarts(demo.kept)

  // 3. Memory: idle after a first start (it seeded, so shiki is loaded) and after a restart, the
  // steady state of a deployed site; then wrk on a page and on the API, on that restarted one.
  const firstDir = placeAlone(binary)
  const first = await idleMemory(firstDir)
  await stop(first.started.proc)
  rmSync(firstDir, { recursive: true, force: true })
  const { started: app, idle } = await idleMemory(demo.kept)
  const load: WrkRow[] = ['/', '/api/projects'].map((path) => wrk(app.url + path, { seconds: LOAD_SECONDS }))
  const loaded = memory(app.proc.pid)
  await Bun.sleep(1000)
  const settled = memory(app.proc.pid)
  await stop(app.proc)
  rmSync(demo.kept, { recursive: true, force: true })

  const sizeMiB = binarySizeMiB(binary)
  const at = new Date().toISOString()
  const startup = { freshDemo: stats(demo.times), freshEmpty: stats(empty.times), restart: stats(restart) }
  const ms = (s: Stats) => `${s.median} ms (min ${s.min}, max ${s.max})`
  const table = [
    `## The binary (${at}, Bun ${Bun.version}, ${navigator.hardwareConcurrency} cores, loopback)`,
    '',
    'Measured by `npm run bench:binary` (bench/binary.ts): dist/folio alone in an empty directory,',
    `at its defaults (LOG_LEVEL=info, log to nowhere); times are from exec to the first 200 on /api/health, median of ${RUNS} runs;`,
    `load is wrk -t1 -c32 with a browser's headers for ${LOAD_SECONDS} s on each path, one after the other.`,
    '',
    '| figure | value |',
    '|---|---:|',
    `| binary size (dist/folio) | ${sizeMiB} MiB |`,
    `| exec to first 200, fresh empty data dir, sample site (migrate + seed, the default) | ${ms(startup.freshDemo)} |`,
    `| exec to first 200, fresh empty data dir, SEED=none (migrate only) | ${ms(startup.freshEmpty)} |`,
    `| exec to first 200, restart on existing data | ${ms(startup.restart)} |`,
    `| resident memory, idle 1 s after a first start (it seeded the sample site) | ${first.idle.rssMiB} MiB |`,
    `| resident memory, idle 1 s after a restart on existing data | ${idle.rssMiB} MiB |`,
    `| resident memory, right after the load run on the restarted one (peak during it) | ${loaded.rssMiB} MiB (${loaded.peakMiB} MiB) |`,
    `| resident memory, 1 s after the load run | ${settled.rssMiB} MiB |`,
    ...load.map((r) => `| load: ${r.path} | ${Math.round(r.rps)} req/s, p50 ${r.p50}, p99 ${r.p99} |`),
    '',
  ].join('\n')
  console.log(`\n${table}`)
  writeFileSync(join(import.meta.dir, 'reports', 'BINARY.md'), `# Benchmark: the binary\n\n${table}`)
  writeFileSync(
    join(import.meta.dir, 'reports', 'binary.json'),
    JSON.stringify({ at, bun: Bun.version, sizeMiB, startupMs: startup, memoryMiB: { idleAfterFirstStart: first.idle, idleAfterRestart: idle, afterLoad: loaded, settled }, load, loadSeconds: LOAD_SECONDS }, null, 2),
  )
}

if (import.meta.main) await main()
