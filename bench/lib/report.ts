// The results of `npm run bench` as data (bench/reports/results.json) and as a markdown report
// (bench/reports/RESULTS.md): the tables, then each target of issue 9 as a PASS or FAIL line.
import type { Stats } from '../binary'
import type { Compared } from './rounds'
import type { SiteBudgets } from './site-budgets'
import type { Summary } from './stats'
import type { RenderTimes } from './uncached'

/** `htmlBytes`: the page as folio sent it and as the Express reference renders it (uncompressed). */
/** In-process medians (bench/lib/render-time.ts): data + render to the last byte, and render from state alone. */
export type InProcessRender = { path: string; fullMs: number; fromStateMs: number }
/** `restedMs`: in the rhythm of folio's uncached samples; `renderMs`: back-to-back, after a warm-up. */
export type ExpressRow = { path: string; renderMs: number; restedMs: number; load: Summary; htmlBytes: { folio: number; express: number }; sameBytes: boolean }
export type Results = {
  at: string
  machine: { cpus: number; model: string; memoryGiB: number; os: string }
  versions: { bun: string; node: string; wrk: string }
  settings: { threads: 2; connections: 32; seconds: number; rounds: number; warmupSeconds: number; acceptEncoding: string }
  pages: Compared[]
  logInfo: Compared
  render: { folio: RenderTimes[]; express: ExpressRow[]; inProcess?: InProcessRender[] }
  site: SiteBudgets
  binary: { sizeMiB: number; startupMs: { freshDemo: Stats; restart: Stats }; memoryMiB: { idle: number; afterLoad: number; peak: number } }
}
export type Target = { name: string; pass: boolean; detail: string }

const MB_PER_MIB = 1.048576
const API = (path: string) => path.startsWith('/api/')

export function targets(r: Results): Target[] {
  const pages = r.pages.filter((p) => !API(p.path))
  const express = new Map(r.render.express.map((e) => [e.path, e]))
  const rss = (mib: number) => `${mib} MiB = ${(mib * MB_PER_MIB).toFixed(1)} MB`
  return [
    ...pages.map((p) => ({
      name: `cached page ${p.path}: ≥ 0.8 of the reference's requests/s, p99 < 5 ms`,
      pass: p.ratio >= 0.8 && p.folio.p99Ms < 5 && p.folio.non2xx === 0,
      detail: `ratio ${p.ratio}, p99 ${p.folio.p99Ms.toFixed(2)} ms, the reference's ${p.reference.p99Ms.toFixed(2)} ms${p.folio.non2xx ? `, ${p.folio.non2xx} non-2xx` : ''}`,
    })),
    ...r.render.folio.map((f) => {
      const e = express.get(f.path)
      return {
        name: `uncached render ${f.path}: faster than Node + Express + renderToString`,
        pass: !!e && f.fresh && f.uncachedMs < e.restedMs,
        detail: `folio ${f.uncachedMs} ms, Express ${e?.restedMs ?? '?'} ms in the same rhythm (${e?.renderMs ?? '?'} ms back-to-back)${f.fresh ? '' : ', the change did NOT show'}`,
      }
    }),
    ...r.site.js.map((j) => ({
      name: `JavaScript on first load of ${j.path}: ≤ 96 KB gzip, no admin code`,
      pass: j.gzipKB <= 96 && !j.admin,
      detail: `${j.gzipKB} KB${j.admin ? ', an admin chunk loaded' : ''}`,
    })),
    { name: 'binary: exec to first 200 < 60 ms median (restart on existing data)', pass: r.binary.startupMs.restart.median < 60, detail: `${r.binary.startupMs.restart.median} ms` },
    { name: 'binary: RSS < 80 MB idle', pass: r.binary.memoryMiB.idle * MB_PER_MIB < 80, detail: rss(r.binary.memoryMiB.idle) },
    { name: 'binary: RSS < 150 MB after the load run', pass: r.binary.memoryMiB.afterLoad * MB_PER_MIB < 150, detail: rss(r.binary.memoryMiB.afterLoad) },
  ]
}

const ms = (x: number) => x.toFixed(2)
const loadRow = (c: Compared, label = c.path) =>
  `| ${label} | ${Math.round(c.folio.rps)} | ${ms(c.folio.p50Ms)} | ${ms(c.folio.p99Ms)} | ${Math.round(c.reference.rps)} | ${ms(c.reference.p50Ms)} | ${ms(c.reference.p99Ms)} | ${c.ratio} |`

export function markdown(r: Results, checks: Target[]): string {
  const s = r.settings
  const express = new Map(r.render.express.map((e) => [e.path, e]))
  const failed = checks.filter((t) => !t.pass).length
  return [
    `# Benchmark (${r.at})`,
    '',
    `${r.machine.cpus} × ${r.machine.model}, ${r.machine.memoryGiB} GiB, ${r.machine.os}; Bun ${r.versions.bun}, Node ${r.versions.node}, ${r.versions.wrk}; loopback.`,
    `Written by \`npm run bench\` (bench/run.ts). wrk -t${s.threads} -c${s.connections} -d${s.seconds}s -H 'Accept-Encoding: ${s.acceptEncoding}';`,
    `folio (A) and the reference (B) alternate A B A B, ${s.rounds} rounds each after a ${s.warmupSeconds} s warm-up of each; figures are medians`,
    'of the rounds, the ratio the median of each pair\'s folio/reference requests/s. The reference is a plain `Bun.serve`',
    'in a process of its own answering from memory with the bytes and headers folio sent for the same request.',
    '',
    `## Targets: ${checks.length - failed} PASS, ${failed} FAIL`,
    '',
    ...checks.map((t) => `- ${t.pass ? 'PASS' : 'FAIL'} ${t.name} (${t.detail})`),
    '',
    '## Throughput (folio as deployed: LOG_LEVEL=warn)',
    '',
    '| path | folio req/s | p50 ms | p99 ms | reference req/s | p50 ms | p99 ms | folio/reference |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...r.pages.map((c) => loadRow(c)),
    loadRow(r.logInfo, `${r.logInfo.path} with LOG_LEVEL=info (a log line per request, to /dev/null)`),
    '',
    '## Render time (ms to the last byte, one request at a time)',
    '',
    'folio uncached: the first request after an admin change the page shows (a project\'s and a post\'s title; each',
    'sample checks the page shows it), median of 9, each after a 300 ms rest; folio cached: the same page again, median',
    'of 36. Express: Node + Express + `renderToString` of the same App, route table and document shell, from the state',
    'folio dehydrated into the page (no data access). "same rhythm": each sample after the same 300 ms rest, median of 9',
    '(the target compares with this: both servers answer one request arriving at an idle server); "back-to-back": median',
    'of 200 after 20, a hot loop folio\'s uncached path never sees; its req/s is wrk alone on it (no compression).',
    '',
    '| page | folio uncached | X-Cache | folio cached | Express, same rhythm | Express, back-to-back | Express req/s | Express p99 ms | HTML bytes folio / Express |',
    '|---|---:|---|---:|---:|---:|---:|---:|---|',
    ...r.render.folio.map((f) => {
      const e = express.get(f.path)
      const bytes = !e ? '?' : e.sameBytes ? `${e.htmlBytes.folio}, identical` : `${e.htmlBytes.folio} / ${e.htmlBytes.express}`
      const xCache = [...new Set(f.xCache)].join(', ') || '-'
      return `| ${f.path} | ${ms(f.uncachedMs)}${f.fresh ? '' : ' (stale!)'} | ${xCache} | ${ms(f.cachedMs)} | ${e ? ms(e.restedMs) : '?'} | ${e ? ms(e.renderMs) : '?'} | ${e ? Math.round(e.load.rps) : '?'} | ${e ? ms(e.load.p99Ms) : '?'} | ${bytes} |`
    }),
    '',
    '## Render time in-process (bench/lib/render-time.ts, NODE_ENV=production, median of 100 after 20)',
    '',
    'What a miss costs without HTTP: `full` runs the services\' queries and streams the render to the last byte;',
    '`from state` renders the same page from its dehydrated state with no data access, the work the Express reference',
    'does per request (its figure above includes HTTP on loopback). Since the render cache re-renders the pages a change',
    'dropped in the background, the first request after a change usually meets a page already rendered (X-Cache HIT).',
    '',
    '| page | full (data + render) ms | from state ms | Express (HTTP) ms |',
    '|---|---:|---:|---:|',
    ...(r.render.inProcess ?? []).map((i) => `| ${i.path} | ${ms(i.fullMs)} | ${ms(i.fromStateMs)} | ${express.get(i.path) ? ms(express.get(i.path)!.renderMs) : '?'} |`),
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
    `| RSS idle, 1 s after a restart | ${r.binary.memoryMiB.idle} MiB |`,
    `| RSS right after the throughput runs above (peak during them) | ${r.binary.memoryMiB.afterLoad} MiB (${r.binary.memoryMiB.peak} MiB) |`,
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
