import { describe, expect, test } from 'bun:test'
import { appendix, targets, type Results } from '#bench/lib/report'
import { summarize } from '#bench/lib/stats'

const load = (rps: number, p99Ms: number) => summarize([{ rps, p50Ms: 0.5, p99Ms, requests: 1, non2xx: 0, errors: 0 }])
const startup = { median: 40, min: 30, max: 50, runs: [] }

function results(change: (r: Results) => void = () => {}): Results {
  const r: Results = {
    at: '',
    machine: { cpus: 2, model: '', memoryGiB: 4, os: '' },
    versions: { bun: '', node: '', wrk: '' },
    settings: { threads: 2, connections: 32, seconds: 10, rounds: 3, warmupSeconds: 3, acceptEncoding: 'br, gzip' },
    pages: [
      { path: '/', folio: load(90_000, 1.5), reference: load(100_000, 1.2), ratio: 0.9, rounds: { folio: [], reference: [] }, headers: 'browser', wrkCpuMax: 0.8, saturatedPairs: 0 },
      { path: '/api/posts', folio: load(7_000, 12), reference: load(100_000, 1.2), ratio: 0.07, rounds: { folio: [], reference: [] }, headers: 'browser', wrkCpuMax: 0.8, saturatedPairs: 0 },
    ],
    logInfo: { path: '/', folio: load(60_000, 2), reference: load(100_000, 1.2), ratio: 0.6, rounds: { folio: [], reference: [] }, headers: 'browser', wrkCpuMax: 0.8, saturatedPairs: 0 },
    render: {
      folio: [{ path: '/', uncachedMs: 2, cachedMs: 0.1, samples: [], fresh: true, xCache: ['MISS'] }],
      express: [{ path: '/', renderMs: 1, restedMs: 3, load: load(2_000, 150), htmlBytes: { folio: 1, express: 1 }, sameBytes: true }],
    },
    site: { js: [{ path: '/', gzipKB: 90, admin: false, scripts: 3 }], ttfbMs: [] },
    binary: { sizeMiB: 100, startupMs: { freshDemo: startup, restart: startup }, memoryMiB: { idle: 70, afterLoad: 120, peak: 130 } },
  }
  change(r)
  return r
}
const failed = (r: Results) => targets(r).filter((t) => !t.pass).map((t) => t.name)

describe('bench targets', () => {
  test('every target passes on figures within the budgets, and the API lists are not page targets', () => {
    expect(failed(results())).toEqual([])
    expect(targets(results()).some((t) => t.name.includes('/api/posts'))).toBe(false)
  })

  test('a page under 0.8 of the reference or with a p99 of 5 ms fails', () => {
    expect(failed(results((r) => (r.pages[0]!.ratio = 0.79)))).toEqual([expect.stringContaining('cached page /')])
    expect(failed(results((r) => (r.pages[0]!.folio.p99Ms = 5)))).toEqual([expect.stringContaining('cached page /')])
  })

  test('an uncached render fails when slower than Express or when the change did not show', () => {
    expect(failed(results((r) => (r.render.folio[0]!.uncachedMs = 3)))).toEqual([expect.stringContaining('uncached render /')])
    expect(failed(results((r) => (r.render.folio[0]!.fresh = false)))).toEqual([expect.stringContaining('uncached render /')])
  })

  test('a page over 96 KB of JavaScript or loading admin code fails', () => {
    expect(failed(results((r) => (r.site.js[0]!.gzipKB = 96.1)))).toHaveLength(1)
    expect(failed(results((r) => (r.site.js[0]!.admin = true)))).toHaveLength(1)
  })

  test('memory is compared in MB: 77 MiB is over 80 MB', () => {
    expect(failed(results((r) => (r.binary.memoryMiB.idle = 77)))).toEqual(['binary: RSS < 80 MB idle'])
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
