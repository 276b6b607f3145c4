// `npm run bench`: starts folio on a seeded temporary database and measures the JSON API with
// wrk (installed from Debian when missing). The speed issue extends this to pages, the
// reference server and the binary; this is the foundation's honest baseline.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, spawnMain, waitForHealth } from '../tests/support/process'
import { measureSiteBudgets } from './site-budgets'
import { ensureWrk, wrk } from './wrk'

ensureWrk()
const port = await freePort()
const base = `http://127.0.0.1:${port}`
const proc = spawnMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'folio-bench-')), LOG_LEVEL: 'warn' }, tmpdir())
try {
  await waitForHealth(base)
  const budgets = await measureSiteBudgets(base)
  const rows = ['/', '/blog', '/projects/tokenfolio-dapp', '/api/health', '/api/projects', '/api/posts', '/api/posts?tag=cuda', '/api/skills'].map((p) => wrk(base + p))
  const table = [
    `# Benchmark (${new Date().toISOString()}, wrk -t2 -c32 -d5s, loopback, Bun ${Bun.version})`,
    '',
    '| path | requests/s | p50 | p99 |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.path} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} |`),
    '',
    '## Time to first byte (100 sequential requests, ms)',
    '',
    '| path | median | p90 |',
    '|---|---:|---:|',
    ...budgets.ttfbMs.map((t) => `| ${t.path} | ${t.median} | ${t.p90} |`),
    '',
    '## JavaScript on first load (gzip; budget 100 KB)',
    '',
    '| page | KB |',
    '|---|---:|',
    ...budgets.js.map((j) => `| ${j.path} | ${j.gzipKB} |`),
    '',
  ].join('\n')
  console.log(table)
  writeFileSync(join(import.meta.dir, 'RESULTS.md'), table)
  writeFileSync(join(import.meta.dir, 'results.json'), JSON.stringify({ at: new Date().toISOString(), bun: Bun.version, rows, budgets }, null, 2))
} finally {
  proc.kill('SIGTERM')
  await proc.exited
}
