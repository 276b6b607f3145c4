// `bun bench/miss-probe.ts [--seconds 5]`: the misses phase of `npm run bench` alone and quickly:
// the compiled binary (dist/folio, built beforehand) at its defaults against the Express reference
// on unique searches, with each server's CPU over the run. To try a change to the miss path before
// running the whole bench. Not part of its report.
import { Database } from 'bun:sqlite'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { placeAlone, start, stop } from './binary'
import { bodyText, capture } from './lib/capture'
import { buildExpressReference } from './express-reference/build'
import { referenceSetup } from './express-reference/setup'
import { pagesPerSecond, peakMiB, resetPeak, uniqueSearchScript } from './lib/phases'
import { startServer } from './lib/processes'
import { ensureWrk, wrk } from './lib/wrk'

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { seconds: { type: 'string' } } })
const seconds = Number(values.seconds ?? 5)
ensureWrk()
// The binary's folder (its data) and the reference's, removed at exit as run.ts does.
const made: string[] = []
process.on('exit', () => made.forEach((d) => rmSync(d, { recursive: true, force: true })))
const dir = placeAlone(join(import.meta.dir, '..', 'dist/folio'))
made.push(dir)
const folio = await start(dir, JSON.parse(process.env.PROBE_ENV ?? '{}') as Record<string, string>, join(dir, 'folio.log'))
const work = mkdtempSync(join(tmpdir(), 'folio-miss-'))
made.push(work)
await fetch(`${folio.url}/blog`).then((r) => r.arrayBuffer())
writeFileSync(join(work, 'assets.json'), JSON.stringify(referenceSetup('/blog', bodyText((await capture(folio.url, '/blog')).identity))))
const db = join(work, 'folio.db')
const live = new Database(join(dir, 'data', 'folio.db'), { readonly: true })
live.run(`VACUUM INTO '${db}'`)
live.close()
const express = await startServer(['node', await buildExpressReference(work), db, join(work, 'assets.json')], '/')
const script = uniqueSearchScript(work)
/** CPU seconds (user + system) of `pid` so far, from /proc. */
const cpuOf = (pid: number, thread = false) => {
  const fields = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}
const run = (name: string, base: string, pid: number) => {
  const before = cpuOf(pid)
  const mainBefore = cpuOf(pid, true)
  resetPeak(pid)
  const row = wrk(`${base}/blog`, { seconds, script })
  const cpu = (cpuOf(pid) - before) / seconds
  const main = (cpuOf(pid, true) - mainBefore) / seconds
  console.log(`${name.padEnd(8)} ${pagesPerSecond(row, seconds)} pages/s (${row.requests} answers, ${row.non2xx} not 2xx) p99 ${row.p99} | server CPU ${cpu.toFixed(2)} cores (main thread ${main.toFixed(2)}), peak RSS ${peakMiB(pid)} MiB`)
}
wrk(`${folio.url}/blog`, { seconds: 2, script })
wrk(`${express.url}/blog`, { seconds: 2, script })
for (let i = 0; i < 3; i++) {
  run('folio', folio.url, folio.proc.pid)
  run('express', express.url, express.proc.pid)
}
await express.stop()
await stop(folio.proc)
