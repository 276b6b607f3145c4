import { describe, expect, test } from 'bun:test'
import { appendix, markdown, targets, type Results } from '#bench/lib/report'
import { summarize } from '#bench/lib/stats'
import type { WrkRow } from '#bench/lib/wrk'

const load = (rps: number, p99Ms: number) => summarize([{ rps, p50Ms: 0.5, p99Ms, requests: 1, non2xx: 0, errors: 0 }])
const row = (rps: number, p99Ms: number, requests = rps * 10, non2xx = 0): WrkRow => ({ rps, p50Ms: 0.5, p99Ms, requests, non2xx, errors: 0, path: '/', p50: '', p99: '', wrkCpu: 0.8, headers: 'browser' })
const startup = { median: 40, min: 30, max: 50, runs: [] }
const compared = (path: string, headers: 'browser' | 'none', ratio: number) => ({ path, headers, folio: load(90_000, 1.5), reference: load(100_000, 1.2), ratio, rounds: { folio: [row(1, 1)], reference: [row(1, 1)] }, wrkCpuMax: 0.8, saturatedPairs: 0 })

function results(change: (r: Results) => void = () => {}): Results {
  const r: Results = {
    at: '',
    machine: { cpus: 2, model: '', memoryGiB: 4, os: '' },
    versions: { bun: '', node: '', wrk: '' },
    settings: { threads: 1, connections: 32, seconds: 10, rounds: 3, warmupSeconds: 3, acceptEncoding: 'br, gzip' },
    pages: [compared('/', 'browser', 0.92), compared('/', 'none', 0.95)],
    misses: { folio: [row(2000, 40)], express: [row(900, 60)], folioPagesPerS: 2000, expressPagesPerS: 900, ratio: 2.22 },
    beside: { cached: row(5000, 4), misses: row(1500, 80), path: '/' },
    complete: { requests: 1000, lines: 1003, botsCounted: 1003, connections: 32 },
    logLines: 5000,
    render: { folio: [{ path: '/', uncachedMs: 2, cachedMs: 0.1, samples: [], fresh: true, xCache: ['MISS'] }], inProcess: [] },
    site: { js: [{ path: '/', gzipKB: 90, admin: false, scripts: 3 }], ttfbMs: [] },
    binary: { sizeMiB: 100, startupMs: { freshDemo: startup, restart: startup }, memoryMiB: { idle: 70, phases: [{ name: 'misses', peakMiB: 130 }], settled: 100 } },
  }
  change(r)
  return r
}
const failed = (r: Results) => targets(r).filter((t) => !t.pass).map((t) => t.name)

describe('bench targets (issue 21)', () => {
  test('every target passes on figures within the budgets, and the report lists each as PASS', () => {
    expect(failed(results())).toEqual([])
    const r = results()
    expect(markdown(r, targets(r))).toContain(`## Targets: ${targets(r).length} PASS, 0 FAIL`)
  })

  test('a cached page under 0.9 of the reference, with a p99 of 5 ms, or measured only while wrk saturated fails', () => {
    expect(failed(results((r) => (r.pages[0]!.ratio = 0.89)))).toEqual([expect.stringContaining("cached page /, a browser's headers")])
    expect(failed(results((r) => (r.pages[1]!.folio.p99Ms = 5)))).toEqual([expect.stringContaining('cached page /, no headers')])
    expect(failed(results((r) => (r.pages[0]!.saturatedPairs = 1)))).toHaveLength(1)
  })

  test('misses under 2x Express fail, and a cached p99 of 10 ms beside them fails', () => {
    expect(failed(results((r) => (r.misses.ratio = 1.99)))).toEqual([expect.stringContaining('misses')])
    expect(failed(results((r) => (r.beside.cached.p99Ms = 10)))).toEqual([expect.stringContaining('beside')])
  })

  test('memory is compared in MB in every phase: 143.1 MiB is over 150 MB, 76.3 MiB over 80 MB idle', () => {
    expect(failed(results((r) => (r.binary.memoryMiB.phases[0]!.peakMiB = 143.1)))).toEqual(['RSS ≤ 150 MB during misses'])
    expect(failed(results((r) => (r.binary.memoryMiB.idle = 76.3)))).toEqual(['RSS ≤ 80 MB idle'])
  })

  test('a lost log line or count fails; the few answers after wrk stopped reading do not', () => {
    expect(failed(results((r) => (r.complete.lines = 999)))).toEqual([expect.stringContaining('logged and counted')])
    expect(failed(results((r) => (r.complete.botsCounted = 1033)))).toEqual([expect.stringContaining('logged and counted')])
    expect(failed(results((r) => (r.complete.lines = 1032)))).toEqual([])
  })

  test('a stale page after an admin edit, a page over 96 KB of JavaScript or a slow start fails', () => {
    expect(failed(results((r) => (r.render.folio[0]!.fresh = false)))).toEqual([expect.stringContaining('admin edit')])
    expect(failed(results((r) => (r.site.js[0]!.gzipKB = 96.1)))).toHaveLength(1)
    expect(failed(results((r) => (r.binary.startupMs.restart = { ...startup, median: 60 })))).toHaveLength(1)
  })
})

describe('the Lighthouse section of the report', () => {
  test('carries another report over with its headings one level down and its source named', () => {
    expect(appendix('# Lighthouse\n\n| a |\n\n## Audits\n', 'bench/reports/LIGHTHOUSE.md')).toBe(
      '\n## Lighthouse (from bench/reports/LIGHTHOUSE.md, as last written)\n\n| a |\n\n### Audits\n',
    )
  })
})
