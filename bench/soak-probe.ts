// `bun bench/soak-probe.ts [--seconds 8]`: each hostile kind of bench/lib/soak-attack.ts alone against
// the compiled binary at its defaults, with the server's CPU per answer and its peak RSS, to find
// what a soak figure comes from. Not part of the soak's report. PROBE_ENV='{"NAME":"value"}' adds to the
// server's environment (to try a setting before making it a default).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { placeAlone, start, stop } from './binary'

const { values } = parseArgs({ args: Bun.argv.slice(2), options: { seconds: { type: 'string' }, kinds: { type: 'string' } } })
const SECONDS = values.seconds ?? '8'
const KINDS = (values.kinds ?? 'search,tag,notFound,junkQuery,beacon,login,contact,overLimit,stream').split(',')
const dir = placeAlone(join(import.meta.dir, '..', 'dist/folio'))
const server = await start(dir, { HOST: '127.0.0.1', ADMIN_EMAIL: 'owner@example.com', ADMIN_PASSWORD: 'soak owner passphrase 2026', ...(JSON.parse(process.env.PROBE_ENV ?? '{}') as Record<string, string>) })
const pid = server.proc.pid
const ticks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return Number(f[11]) + Number(f[12])
}
const rss = () => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024
for (const kind of KINDS) {
  const t0 = ticks()
  let peak = rss()
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100)
  const attack = Bun.spawn([process.execPath, join(import.meta.dir, 'lib', 'soak-attack.ts'), '--url', server.url, '--seconds', SECONDS, '--kinds', kind], { stdout: 'pipe' })
  const out = JSON.parse(await new Response(attack.stdout).text()) as { counts: Record<string, Record<string, number>> }
  clearInterval(sampler)
  const cpuS = (ticks() - t0) / 100
  const n = Object.values(out.counts[kind] ?? {}).reduce((a, b) => a + b, 0)
  console.log(`${kind.padEnd(10)} answers ${String(n).padStart(6)}  server CPU ${cpuS.toFixed(1)} s (${((cpuS * 1000) / Math.max(n, 1)).toFixed(2)} ms each)  peak RSS ${peak.toFixed(0)} MiB  ${JSON.stringify(out.counts[kind])}`)
}
await stop(server.proc)
