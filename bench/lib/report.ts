// The results of `npm run bench` as data (bench/reports/results.json) and as a markdown report
// (bench/reports/RESULTS.md): the tables, then each target of issue 21 as a PASS or FAIL line.
import type { Stats } from '../binary'
import type { Beside, Completeness, Misses } from './phases'
import type { Compared } from './rounds'
import type { SiteBudgets } from './site-budgets'
import type { RenderTimes } from './uncached'

/** In-process medians (bench/lib/render-time.ts): data + render to the last byte, and the render alone with the data loaded. */
export type InProcessRender = { path: string; fullMs: number; renderOnlyMs: number }
/** The peak RSS of one phase (the kernel's mark, reset at the phase's start). */
export type PhasePeak = { name: string; peakMiB: number }
export type Results = {
  at: string
  machine: { cpus: number; model: string; memoryGiB: number; os: string }
  versions: { bun: string; node: string; wrk: string }
  settings: { threads: 1; connections: 32; seconds: number; rounds: number; warmupSeconds: number; acceptEncoding: string }
  pages: Compared[]
  misses: Misses
  beside: Beside
  complete: Completeness
  /** Request lines in folio's log over the whole run (every request the bench made). */
  logLines: number
  render: { folio: RenderTimes[]; inProcess?: InProcessRender[] }
  site: SiteBudgets
  binary: { sizeMiB: number; startupMs: { freshDemo: Stats; restart: Stats }; memoryMiB: { idle: number; phases: PhasePeak[]; settled: number } }
}
export type Target = { name: string; pass: boolean; detail: string }

const MB_PER_MIB = 1.048576
/** Issue 21's targets. */
export const TARGETS = { cachedRatio: 0.9, cachedP99Ms: 5, missRatio: 2, missRatioWithProfile: 1.5, besideP99Ms: 10, rssMB: 150, idleMB: 80 } as const

export function targets(r: Results): Target[] {
  const T = TARGETS
  const rss = (mib: number) => `${mib} MiB = ${(mib * MB_PER_MIB).toFixed(1)} MB`
  const c = r.complete
  const within = (n: number) => n >= c.requests && n <= c.requests + c.connections
  return [
    ...r.pages.map((p) => ({
      name: `cached page ${p.path}, ${p.headers === 'browser' ? 'a browser\'s headers' : 'no headers'}: ≥ ${T.cachedRatio} of the same-bytes reference, p99 < ${T.cachedP99Ms} ms`,
      pass: p.ratio >= T.cachedRatio && p.folio.p99Ms < T.cachedP99Ms && p.folio.non2xx === 0 && p.saturatedPairs < p.rounds.folio.length,
      detail: `ratio ${p.ratio}, p99 ${p.folio.p99Ms.toFixed(2)} ms (the reference's ${p.reference.p99Ms.toFixed(2)} ms), wrk CPU at most ${p.wrkCpuMax} of a core${p.saturatedPairs ? `, ${p.saturatedPairs} pairs left out (wrk saturated)` : ''}${p.folio.non2xx ? `, ${p.folio.non2xx} non-2xx` : ''}`,
    })),
    {
      name: `misses (a unique search each, 32 connections): ≥ ${T.missRatio}x Node + Express + better-sqlite3 + renderToString`,
      pass: r.misses.ratio >= T.missRatio,
      detail: `folio ${r.misses.folioPagesPerS} pages/s, Express ${r.misses.expressPagesPerS} pages/s: ${r.misses.ratio}x`,
    },
    {
      name: `a cached page's p99 < ${T.besideP99Ms} ms while misses run beside it`,
      pass: r.beside.cached.p99Ms < T.besideP99Ms && r.beside.cached.non2xx === 0,
      detail: `${r.beside.path}: p99 ${r.beside.cached.p99Ms.toFixed(2)} ms at ${Math.round(r.beside.cached.rps)} req/s (4 connections) beside ${Math.round(r.beside.misses.rps)} misses/s (28 connections)`,
    },
    ...r.binary.memoryMiB.phases.map((p) => ({ name: `RSS ≤ ${T.rssMB} MB during ${p.name}`, pass: p.peakMiB * MB_PER_MIB <= T.rssMB, detail: `peak ${rss(p.peakMiB)}` })),
    { name: `RSS ≤ ${T.idleMB} MB idle`, pass: r.binary.memoryMiB.idle * MB_PER_MIB <= T.idleMB, detail: rss(r.binary.memoryMiB.idle) },
    {
      name: 'every answer logged and counted (a run of cached / without headers: a line and a bot count each)',
      pass: within(c.lines) && within(c.botsCounted),
      detail: `wrk read ${c.requests} answers; ${c.lines} request lines, ${c.botsCounted} bots counted (up to ${c.connections} more may be answered after wrk stops reading)`,
    },
    { name: 'an admin edit shows on the next public request', pass: r.render.folio.every((f) => f.fresh), detail: r.render.folio.map((f) => `${f.path} ${f.fresh ? 'fresh' : 'STALE'}`).join(', ') },
    ...r.site.js.map((j) => ({
      name: `JavaScript on first load of ${j.path}: ≤ 96 KB gzip, no admin code`,
      pass: j.gzipKB <= 96 && !j.admin,
      detail: `${j.gzipKB} KB${j.admin ? ', an admin chunk loaded' : ''}`,
    })),
    { name: 'binary: exec to first 200 < 60 ms median (restart on existing data)', pass: r.binary.startupMs.restart.median < 60, detail: `${r.binary.startupMs.restart.median} ms` },
  ]
}

const ms = (x: number) => x.toFixed(2)
const loadRow = (c: Compared) =>
  `| ${c.path} | ${c.headers} | ${Math.round(c.folio.rps)} | ${ms(c.folio.p50Ms)} | ${ms(c.folio.p99Ms)} | ${Math.round(c.reference.rps)} | ${ms(c.reference.p99Ms)} | ${c.ratio} | ${c.wrkCpuMax} |`

export function markdown(r: Results, checks: Target[]): string {
  const s = r.settings
  const failed = checks.filter((t) => !t.pass).length
  const m = r.misses
  return [
    `# Benchmark (${r.at})`,
    '',
    `${r.machine.cpus} × ${r.machine.model}, ${r.machine.memoryGiB} GiB, ${r.machine.os}; Bun ${r.versions.bun}, Node ${r.versions.node}, ${r.versions.wrk}; loopback.`,
    'Written by `npm run bench` (bench/run.ts). folio is the compiled binary at its **defaults** (LOG_LEVEL=info with its log',
    'written to a file, analytics on; set: HOST=127.0.0.1 and PORT, the loopback address the harness uses).',
    `wrk -t${s.threads} -c${s.connections} -d${s.seconds}s (one thread: on two cores a second one takes the server's core), with a browser's`,
    "headers (User-Agent, Accept-Language, Accept-Encoding: br, gzip) or none; its CPU is reported, and a pair of rounds in which it",
    `used a whole core is left out. folio (A) and the reference (B) alternate A B A B, ${s.rounds} rounds each after a ${s.warmupSeconds} s warm-up;`,
    'figures are medians of the rounds, the ratio the median of each pair\'s folio/reference requests/s.',
    '',
    `## Targets: ${checks.length - failed} PASS, ${failed} FAIL`,
    '',
    ...checks.map((t) => `- ${t.pass ? 'PASS' : 'FAIL'} ${t.name} (${t.detail})`),
    '',
    '## Cached pages (the reference: a plain `Bun.serve` in its own process sending the bytes and headers folio sent)',
    '',
    '| path | headers | folio req/s | p50 ms | p99 ms | reference req/s | p99 ms | folio/reference | wrk CPU (cores, max) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...r.pages.map(loadRow),
    '',
    '## Misses',
    '',
    'Each request `/blog?search=w<N>` with a new N (wrk Lua script), 32 connections, no headers. folio reads through its',
    'services and renders with `renderToString` (a page it keeps; decision 057), gzips it and keeps it in its small bucket of query variants;',
    'past 4 variant renders at once it answers 429 (held 500 ms, hence its p99), so its figure counts pages (2xx) a second. The reference: Node 20 +',
    'Express 5 + better-sqlite3 + `renderToString` of the same App, route table and document, reading the same rows',
    'through folio\'s own services (drizzle on better-sqlite3) from a copy of the same database (bench/express-reference/).',
    '',
    '| round | folio req/s | folio 2xx | folio p99 ms | Express req/s | Express p99 ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...m.folio.map((f, i) => `| ${i + 1} | ${Math.round(f.rps)} | ${f.requests - f.non2xx} of ${f.requests} | ${ms(f.p99Ms)} | ${Math.round(m.express[i]!.rps)} | ${ms(m.express[i]!.p99Ms)} |`),
    '',
    `Median pages a second: folio ${m.folioPagesPerS}, Express ${m.expressPagesPerS} (${m.ratio}x).`,
    '',
    `Beside a flood of misses (28 connections): cached ${r.beside.path} at ${Math.round(r.beside.cached.rps)} req/s on 4 connections, p50 ${ms(r.beside.cached.p50Ms)} ms, p99 ${ms(r.beside.cached.p99Ms)} ms; the flood ran at ${Math.round(r.beside.misses.rps)} req/s (${r.beside.misses.non2xx} refused with 429).`,
    '',
    '## Memory (RSS, peak of each phase: the kernel\'s mark, reset at its start)',
    '',
    '| phase | peak |',
    '|---|---:|',
    `| idle, 1 s after the start | ${r.binary.memoryMiB.idle} MiB |`,
    ...r.binary.memoryMiB.phases.map((p) => `| ${p.name} | ${p.peakMiB} MiB |`),
    `| 2 s after the last phase | ${r.binary.memoryMiB.settled} MiB |`,
    '',
    '## Every answer logged and counted',
    '',
    `A run of cached / without headers: wrk read ${r.complete.requests} answers; folio wrote ${r.complete.lines} request lines and counted ${r.complete.botsCounted} page loads without a user agent (bot 'No user agent'). Over the whole bench folio wrote ${r.logLines} request lines.`,
    '',
    '## An admin edit, then the next public request (folio only)',
    '',
    'After an admin change a page shows (a project\'s and a post\'s title), the next request for it, timed to the last byte,',
    'median of 9 each after a 300 ms rest; then the same page again.',
    '',
    '| page | next request ms | X-Cache | again ms | shows the change |',
    '|---|---:|---|---:|---|',
    ...r.render.folio.map((f) => `| ${f.path} | ${ms(f.uncachedMs)} | ${[...new Set(f.xCache)].join(', ') || '-'} | ${ms(f.cachedMs)} | ${f.fresh ? 'yes' : 'NO'} |`),
    '',
    '## Render time in-process (bench/lib/render-time.ts, NODE_ENV=production, median of 100 after 20)',
    '',
    '`full` runs the services\' queries and streams the render to the last byte; `render only` streams the same page with its',
    'data already loaded in a QueryClient (prefetched once through the services), head and document shell included: no data access.',
    '',
    '| page | full (data + render) ms | render only ms |',
    '|---|---:|---:|',
    ...(r.render.inProcess ?? []).map((i) => `| ${i.path} | ${ms(i.fullMs)} | ${ms(i.renderOnlyMs)} |`),
    '',
    '## JavaScript on first load (gzip, every script of the page\'s own document, Chromium)',
    '',
    '| page | KB | scripts | admin code |',
    '|---|---:|---:|---|',
    ...r.site.js.map((j) => `| ${j.path} | ${j.gzipKB} | ${j.scripts} | ${j.admin ? 'LOADED' : 'no'} |`),
    '',
    '## Time to first byte (100 sequential requests, ms)',
    '',
    '| path | median | p90 |',
    '|---|---:|---:|',
    ...r.site.ttfbMs.map((t) => `| ${t.path} | ${t.median} | ${t.p90} |`),
    '',
    '## The binary (alone in an empty directory; exec to the first 200 on /api/health, median of 10)',
    '',
    '| figure | value |',
    '|---|---:|',
    `| size | ${r.binary.sizeMiB} MiB |`,
    `| exec to first 200, restart on existing data | ${r.binary.startupMs.restart.median} ms (min ${r.binary.startupMs.restart.min}, max ${r.binary.startupMs.restart.max}) |`,
    `| exec to first 200, fresh data dir (migrate + seed the sample site) | ${r.binary.startupMs.freshDemo.median} ms (min ${r.binary.startupMs.freshDemo.min}, max ${r.binary.startupMs.freshDemo.max}) |`,
    '',
  ].join('\n')
}

/**
 * Another bench's report (bench/reports/LIGHTHOUSE.md) as a section of this one, its headings one level
 * down, so RESULTS.md shows every target of the issue in one place.
 */
export function appendix(markdownText: string, source: string): string {
  const demoted = markdownText.trim().replace(/^(#+) /gm, '#$1 ')
  return `\n${demoted.replace(/^## (.*)$/m, `## $1 (from ${source}, as last written)`)}\n`
}
