// `npm run bench`: builds the binary, starts it alone on a seeded temporary database at its defaults
// (LOG_LEVEL=info, analytics on, its log kept), and measures what issue 21 asks, each against a
// reference in the same run: cached pages against a plain Bun.serve sending the same bytes (the
// speed of a static file), with a browser's headers and with none; misses (a unique search each)
// against Node + Express + better-sqlite3 + renderToString of the same App reading a copy of the
// same database; a cached page beside a flood of misses; the peak RSS of each phase; and whether
// every answer got its log line and its count. Also the JavaScript budgets, the binary's start, and
// in-process the analytics summary over a generated year (bench/analytics.ts). Writes
// bench/reports/RESULTS.md and bench/reports/results.json. BENCH_SECONDS (10), BENCH_ROUNDS (3, at
// least 3) and BENCH_WARMUP_SECONDS (3) shorten or lengthen the wrk runs.
import { Database } from 'bun:sqlite'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, release, totalmem } from 'node:os'
import { join } from 'node:path'
import { buildDirFor } from '#tests/support/server/binary'
import { analyticsBench, analyticsMarkdown, type AnalyticsResult } from './analytics'
import { binarySizeMiB, cloneDir, freshStarts, memory, restarts, start, stats, stop } from './binary'
import { bodyText, capture, pageCopy, type Captured } from './lib/capture'
import { buildExpressReference } from './express-reference/build'
import { referenceSetup } from './express-reference/setup'
import { cachedBesideMisses, completeness, misses, peakMiB, requestLinesFrom, resetPeak, uniqueSearchScript } from './lib/phases'
import { startServer } from './lib/processes'
import { appendix, markdown, targets, type InProcessRender, type PhasePeak, type Results } from './lib/report'
import { alternate, type Compared, type Settings } from './lib/rounds'
import { measureSiteBudgets } from './lib/site-budgets'
import { round } from './lib/stats'
import { signIn, uncachedRenders } from './lib/uncached'
import { ACCEPT_ENCODING, ensureWrk, type HeaderSet } from './lib/wrk'

const ROOT = join(import.meta.dir, '..')
const ADMIN = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password-not-secret' }
const setting = (name: string, fallback: number, min = 1) => Math.max(min, Number(process.env[name] ?? fallback) || fallback)
const settings: Settings = { seconds: setting('BENCH_SECONDS', 10), rounds: setting('BENCH_ROUNDS', 3, 3), warmupSeconds: setting('BENCH_WARMUP_SECONDS', 3) }
const log = (text: string) => console.log(`▶ ${text}`)
const cleanup: (() => unknown)[] = []
process.on('SIGINT', () => process.exit(130))
process.on('exit', () => cleanup.reverse().forEach((f) => f()))

ensureWrk()
log('build (bun build.ts --outdir <tmp>)')
const buildDir = buildDirFor()
cleanup.push(() => rmSync(buildDir, { recursive: true, force: true }))
if (Bun.spawnSync([process.execPath, join(ROOT, 'build.ts'), '--outdir', buildDir], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' }).exitCode !== 0) {
  throw new Error('build.ts failed')
}
const binary = join(buildDir, 'folio')

log('exec to first 200: 10 fresh starts (migrate + seed), 10 restarts')
const fresh = await freshStarts(binary)
const dir = fresh.kept
cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
// The admin, created once here: its password hash (argon2id, 64 MiB) stays out of the timed starts
// and out of the memory figures.
await stop((await start(dir, ADMIN)).proc)
const restart = await restarts(dir)

// folio at its defaults (LOG_LEVEL=info, analytics on), its log kept to count its lines.
const logFile = join(dir, 'folio.log')
const folio = await start(dir, {}, logFile)
cleanup.push(() => folio.proc.kill('SIGKILL'))
await Bun.sleep(1000)
const idle = memory(folio.proc.pid)
const pid = folio.proc.pid
const dbFile = join(dir, 'data', 'folio.db')
const first = async (kind: string) => ((await (await fetch(`${folio.url}/api/${kind}`)).json()) as { items: { slug: string }[] }).items[0]!.slug
const subjects = { project: await first('projects'), post: await first('posts') }
const htmlPaths = ['/', '/projects', `/projects/${subjects.project}`, '/blog', `/blog/${subjects.post}`, '/skills']

log('copies of folio\'s answers for the reference server, and of its database for the Express reference')
const workDir = buildDirFor()
cleanup.push(() => rmSync(workDir, { recursive: true, force: true }))
const captured: Captured[] = []
for (const path of htmlPaths) {
  // The first request may be the one that renders and fills a cache: the copy is of the next.
  await fetch(folio.url + path, { headers: { 'accept-encoding': ACCEPT_ENCODING } }).then((r) => r.arrayBuffer())
  captured.push(await capture(folio.url, path))
}
writeFileSync(join(workDir, 'captured.json'), JSON.stringify(captured))
const htmlOf = new Map(captured.map((c) => [c.path, bodyText(c.identity)]))
writeFileSync(join(workDir, 'pages.json'), JSON.stringify(htmlPaths.map((p) => pageCopy(p, htmlOf.get(p)!))))
writeFileSync(join(workDir, 'assets.json'), JSON.stringify(referenceSetup('/blog', htmlOf.get('/blog')!)))
// A consistent copy while folio runs (a read-only connection may VACUUM INTO), before any edit.
const expressDb = join(workDir, 'folio.db')
const live = new Database(dbFile, { readonly: true })
live.run(`VACUUM INTO '${expressDb}'`)
live.close()
const reference = await startServer([process.execPath, join(import.meta.dir, 'lib', 'reference-server.ts'), join(workDir, 'captured.json')], '/')
cleanup.push(() => reference.proc.kill('SIGKILL'))

log('JavaScript per page (Chromium) and time to first byte')
const site = await measureSiteBudgets(folio.url)

const phases: PhasePeak[] = []
const phase = async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
  resetPeak(pid)
  const out = await run()
  phases.push({ name, peakMiB: peakMiB(pid) })
  return out
}

const pages = await phase('cached pages', () => {
  const out: Compared[] = []
  for (const headers of ['browser', 'none'] as HeaderSet[]) {
    for (const path of htmlPaths) {
      log(`wrk ${path} (${headers === 'browser' ? 'a browser\'s headers' : 'no headers'}): folio and the reference, alternating`)
      out.push(alternate(folio.url, reference.url, path, settings, headers))
    }
  }
  return out
})
await reference.stop()

log('every answer logged and counted: wrk on / without headers (each a bot counted \'No user agent\')')
const complete = await phase('log and count check', () => completeness(folio.url, logFile, dbFile, settings.seconds))

log('misses: unique searches, folio and Node + Express + better-sqlite3 + renderToString, alternating')
const expressServer = await startServer(['node', await buildExpressReference(workDir), expressDb, join(workDir, 'assets.json')], '/')
cleanup.push(() => expressServer.proc.kill('SIGKILL'))
const search = uniqueSearchScript(workDir)
const missRuns = await phase('misses', () => misses(folio.url, expressServer.url, search, settings.seconds, settings.rounds))
await expressServer.stop()

log('a cached page beside a flood of misses')
const beside = await phase('cached beside misses', () => cachedBesideMisses(folio.url, '/', search, settings.seconds))
await Bun.sleep(2000)
const settled = memory(pid)

log('an admin edit shows on the next public request')
const admin = await signIn(folio.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD)
const folioRenders = await uncachedRenders(admin, subjects, htmlPaths)
await stop(folio.proc)
const logLines = requestLinesFrom(logFile).lines

log('in-process render time (data + render, and the render alone with the data loaded)')
const renderDir = cloneDir(dir)
cleanup.push(() => rmSync(renderDir, { recursive: true, force: true }))
// The binary ran in renderDir with the default DATA_DIR, ./data.
const renderRun = Bun.spawnSync([process.execPath, join(import.meta.dir, 'lib', 'render-time.ts'), join(renderDir, 'data'), join(workDir, 'pages.json')], { env: { ...process.env, NODE_ENV: 'production' } })
// A failed measurement must not cost the rest of the run: it is reported as missing.
if (renderRun.exitCode !== 0) console.error(`render-time.ts failed: ${renderRun.stderr.toString()}`)
const inProcess = renderRun.exitCode === 0 ? (JSON.parse(renderRun.stdout.toString()) as InProcessRender[]) : []

log('analytics summary over a generated year (bench/analytics.ts, writes bench/reports/ANALYTICS.md)')
let analytics: AnalyticsResult | null = null
try {
  analytics = analyticsBench()
  console.log(analytics.line)
} catch (error) {
  // Like render-time.ts above: a failed measurement is reported as missing, the run goes on.
  console.error(`bench/analytics.ts failed: ${String(error)}`)
}

const version = (cmd: string[]) => {
  const run = Bun.spawnSync(cmd)
  return (run.stdout.toString() + run.stderr.toString()).split('\n')[0]!.trim()
}
const results: Results = {
  at: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '?', memoryGiB: round(totalmem() / 2 ** 30), os: `Linux ${release()}` },
  versions: { bun: Bun.version, node: version(['node', '--version']), wrk: version(['wrk', '-v']).split(' [')[0]! },
  settings: { threads: 1, connections: 32, ...settings, acceptEncoding: ACCEPT_ENCODING },
  pages,
  misses: missRuns,
  beside,
  complete,
  logLines,
  render: { folio: folioRenders, inProcess },
  site,
  binary: {
    sizeMiB: binarySizeMiB(binary),
    startupMs: { freshDemo: stats(fresh.times), restart: stats(restart) },
    memoryMiB: { idle: idle.rssMiB, phases, settled: settled.rssMiB },
  },
}
const checks = targets(results)
const report = markdown(results, checks)
console.log(`\n${report}`)
// Lighthouse takes minutes of its own (`npm run lighthouse`): its last report is carried over.
const lighthouse = join(import.meta.dir, 'reports', 'LIGHTHOUSE.md')
const analyticsSection = analytics ? appendix(analyticsMarkdown(analytics), 'bench/reports/ANALYTICS.md') : ''
// So does Varnish's (`npm run bench:varnish`, about a minute and a half).
const varnishReport = join(import.meta.dir, 'reports', 'VARNISH.md')
const carried = (file: string, name: string) => (existsSync(file) ? appendix(readFileSync(file, 'utf8'), name) : '')
writeFileSync(join(import.meta.dir, 'reports', 'RESULTS.md'), report + analyticsSection + carried(lighthouse, 'bench/reports/LIGHTHOUSE.md') + carried(varnishReport, 'bench/reports/VARNISH.md'))
writeFileSync(join(import.meta.dir, 'reports', 'results.json'), `${JSON.stringify({ ...results, targets: checks }, null, 2)}\n`)
