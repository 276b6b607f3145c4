// `npm run bench:varnish [-- --binary PATH]`: cached pages through Varnish running the shipped
// docs/deploy/varnish.vcl, against folio alone, alternating in the same run (wrk -t1 -c32, a
// browser's headers). folio runs at its defaults plus CACHE_PURGE_URLS (as it would behind
// Varnish). Writes bench/reports/VARNISH.md; `npm run bench` carries it into RESULTS.md.
import { cpus } from 'node:os'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { freePort } from '#tests/support/server/process'
import { startVarnish, TEST_PURGE_KEY } from '#tests/support/server/varnish'
import { placeAlone, start, stop } from './binary'
import { alternate, type Compared, type Settings } from './lib/rounds'

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { binary: { type: 'string', default: join(import.meta.dir, '..', 'dist', 'folio') } } })
const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback) || fallback
const settings: Settings = { seconds: setting('BENCH_SECONDS', 10), rounds: setting('BENCH_ROUNDS', 3), warmupSeconds: setting('BENCH_WARMUP_SECONDS', 3) }
const PATHS = ['/', '/blog', '/blog/a-uart-in-80-lines-of-vhdl']

const dir = placeAlone(values.binary!)
const varnishPort = await freePort()
const folio = await start(dir, { SEED: 'demo', CACHE_PURGE_URLS: `http://127.0.0.1:${varnishPort}`, CACHE_PURGE_KEY: TEST_PURGE_KEY })
const backendPort = Number(new URL(folio.url).port)
const varnish = await startVarnish(backendPort, varnishPort)
const rows: Compared[] = []
try {
  for (const path of PATHS) {
    console.log(`wrk ${path}: Varnish (in front of folio) and folio alone, alternating`)
    rows.push(alternate(varnish.url, folio.url, path, settings, 'browser'))
  }
} finally {
  await varnish.stop()
  await stop(folio.proc)
}

const version = Bun.spawnSync(['/usr/sbin/varnishd', '-V']).stderr.toString().split('\n')[0]!.trim()
const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const report = [
  '# Cached pages through Varnish',
  '',
  `${version}, docs/deploy/varnish.vcl as shipped (port changed), \`-s malloc,64m\`; folio at its defaults plus`,
  `\`CACHE_PURGE_URLS\`; ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), wrk -t1 -c32 with a browser's headers, ${settings.rounds} alternating`,
  `rounds of ${settings.seconds} s after ${settings.warmupSeconds} s of warm-up each; medians. Varnish, folio and wrk share the machine. ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| page | through Varnish (req/s) | folio alone (req/s) | ratio | p99 Varnish | p99 folio | wrk CPU (max, cores) |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map((r) => `| ${r.path} | ${fmt(r.folio.rps)} | ${fmt(r.reference.rps)} | ${r.ratio} | ${r.folio.p99Ms} ms | ${r.reference.p99Ms} ms | ${r.wrkCpuMax} |`),
  '',
  'With `CACHE_PURGE_URLS` set, folio counts page views by the page\'s beacon, as behind any cache, so',
  'folio alone here logs each answer but counts none itself. On two shared cores Varnish serves about as',
  'many pages a second as folio\'s own cache, with half the p99 latency. It matters for what it takes off',
  'folio: each hit costs folio nothing, it keeps serving while folio restarts, and it scales past one',
  'process. An edit still reaches the next visitor at once through folio\'s BAN (tests/api/process/varnish.test.ts).',
  '',
].join('\n')
console.log(report)
writeFileSync(join(import.meta.dir, 'reports', 'VARNISH.md'), report)
