// `bun bench/hot-probe.ts [--paths /,/blog] [--seconds 5]`: the cached-page phase of `npm run bench`
// alone and quickly: the compiled binary (dist/folio, built beforehand) at its defaults against a
// plain Bun.serve sending the same bytes, wrk -t1 -c32, a browser's headers and none, A B A B.
// To try a change to the hot path before running the whole bench. Not part of its report.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { placeAlone, start, stop } from './binary'
import { capture } from './lib/capture'
import { startServer } from './lib/processes'
import { alternate } from './lib/rounds'
import { ensureWrk, type HeaderSet } from './lib/wrk'

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { paths: { type: 'string' }, seconds: { type: 'string' } } })
ensureWrk()
const dir = placeAlone(join(import.meta.dir, '..', 'dist/folio'))
const logFile = join(dir, 'folio.log')
const folio = await start(dir, JSON.parse(process.env.PROBE_ENV ?? '{}') as Record<string, string>, logFile)
const paths = (values.paths ?? '/,/blog').split(',')
const work = mkdtempSync(join(tmpdir(), 'folio-hot-'))
for (const path of paths) await fetch(folio.url + path).then((r) => r.arrayBuffer())
writeFileSync(join(work, 'captured.json'), JSON.stringify(await Promise.all(paths.map((p) => capture(folio.url, p)))))
const reference = await startServer([process.execPath, join(import.meta.dir, 'lib', 'reference-server.ts'), join(work, 'captured.json')], '/')
const settings = { seconds: Number(values.seconds ?? 5), rounds: 3, warmupSeconds: 2 }
for (const headers of ['browser', 'none'] as HeaderSet[]) {
  for (const path of paths) {
    const c = alternate(folio.url, reference.url, path, settings, headers)
    console.log(`${headers.padEnd(8)} ${path.padEnd(24)} folio ${Math.round(c.folio.rps)} req/s p99 ${c.folio.p99Ms} ms | reference ${Math.round(c.reference.rps)} p99 ${c.reference.p99Ms} | ratio ${c.ratio} | wrk CPU max ${c.wrkCpuMax}${c.saturatedPairs ? ` (${c.saturatedPairs} pairs saturated)` : ''}`)
  }
}
await reference.stop()
await stop(folio.proc)
const lines = (await Bun.file(logFile).text()).split('\n').filter((l) => l.includes('"msg":"request"')).length
console.log(`request lines in folio's log: ${lines}`)
