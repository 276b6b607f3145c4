// `npm run soak [-- --seconds 300 --no-build]`: the compiled binary at its defaults for five
// minutes under a hostile mix from thousands of source addresses (bench/lib/soak-attack.ts), beside a
// normal visitor browsing and the owner signing in every 20 s. Samples the server's memory and
// database each second and writes bench/reports/SOAK.md. A benchmark, not a test: it prints PASS/FAIL per
// target and exits 1 when one is missed.
import { Database } from 'bun:sqlite'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { placeAlone, start } from './binary'
import { SOAK_ADDRESSES } from './lib/soak-bound'
import { soakReport, type SoakResult, type Window } from './lib/soak-report'
import { percentile } from './lib/stats'

const ROOT = join(import.meta.dir, '..')
const { values } = parseArgs({ args: Bun.argv.slice(2), options: { seconds: { type: 'string' }, 'no-build': { type: 'boolean' }, concurrency: { type: 'string' } } })
const SECONDS = Number(values.seconds ?? 300)
const CONCURRENCY = values.concurrency ?? '24'
const WINDOW_S = 30
const OWNER = { email: 'owner@example.com', password: 'soak owner passphrase 2026' }

const binary = join(ROOT, 'dist/folio')
if (!values['no-build']) {
  const build = Bun.spawnSync([process.execPath, join(ROOT, 'build.ts')], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
  if (build.exitCode !== 0) throw new Error('build.ts failed')
} else if (!existsSync(binary)) throw new Error('--no-build: dist/folio is missing (npm run build)')

const dir = placeAlone(binary)
// The settings not at their defaults, printed beside the figures: the loopback address the harness
// listens on and the admin pair.
const env = { HOST: '127.0.0.1', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password }
const server = await start(dir, env)
const pid = server.proc.pid
const url = server.url

const ticks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return Number(f[11]) + Number(f[12])
}
const rssMiB = () => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024
const size = (name: string) => (existsSync(join(dir, 'data', name)) ? statSync(join(dir, 'data', name)).size : 0)
const dbBytes = () => size('folio.db') + size('folio.db-wal')
const rows = () => {
  const db = new Database(join(dir, 'data', 'folio.db'), { readonly: true })
  const n = (t: string) => (db.query(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n
  const out = { analytics_hits: n('analytics_hits'), analytics_daily: n('analytics_daily'), messages: n('contact_messages') }
  db.close()
  return out
}

const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', 'accept-language': 'en', accept: 'text/html', 'accept-encoding': 'br, gzip' }
const posts = (await (await fetch(`${url}/api/posts`)).json()) as { items: { slug: string }[] }
const projects = (await (await fetch(`${url}/api/projects`)).json()) as { items: { slug: string }[] }
const PAGES = ['/', '/blog', '/projects', '/skills', '/contact', `/blog/${posts.items[0]!.slug}`, `/projects/${projects.items[0]!.slug}`]
// Warm: the visitor measures what a returning reader gets, not the first render after start.
for (const p of PAGES) await fetch(url + p, { headers: BROWSER }).then((r) => r.arrayBuffer())

const startRows = rows()
const startBytes = dbBytes()
const idleRss = rssMiB()
const began = Date.now()
const until = began + SECONDS * 1000
const attacker = Bun.spawn([process.execPath, join(import.meta.dir, 'lib', 'soak-attack.ts'), '--url', url, '--seconds', String(SECONDS), '--concurrency', CONCURRENCY, '--email', OWNER.email, '--addresses', String(SOAK_ADDRESSES)], { stdout: 'pipe', stderr: 'inherit' })

const windows: Window[] = []
let current: Window = { fromS: 0, latencies: [], errors: 0, maxRssMiB: 0 }
const owner: SoakResult['owner'] = []
const serverStatus: Record<string, number> = {}
let crashed = false

async function visitor() {
  let i = 0
  while (Date.now() < until) {
    const t = performance.now()
    const status = await fetch(url + PAGES[i++ % PAGES.length]!, { headers: BROWSER }).then(async (r) => (await r.arrayBuffer(), r.status), () => 0)
    current.latencies.push(performance.now() - t)
    if (status !== 200) current.errors++
    serverStatus[status] = (serverStatus[status] ?? 0) + 1
    await Bun.sleep(250)
  }
}

// The owner's browser signs in once before the flood, as on any earlier day, and keeps the
// known-device cookie it gets (src/features/auth/device-cookie.ts).
const ownerLogin = (cookie: string) => fetch(`${url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, cookie }, body: JSON.stringify(OWNER) })
let device = (await ownerLogin('')).headers.getSetCookie().find((c) => c.startsWith('folio_device='))?.split(';')[0] ?? ''

async function ownerSignsIn() {
  while (Date.now() < until) {
    await Bun.sleep(20_000)
    if (Date.now() >= until) return
    const t = performance.now()
    const r = await ownerLogin(device).catch(() => null)
    device = r?.headers.getSetCookie().find((c) => c.startsWith('folio_device='))?.split(';')[0] ?? device
    owner.push({ atS: Math.round((Date.now() - began) / 1000), status: r?.status ?? 0, ms: Math.round(performance.now() - t) })
    await r?.arrayBuffer()
  }
}

async function sampler() {
  let maxDb = startBytes
  while (Date.now() < until) {
    await Bun.sleep(1000)
    if (server.proc.exitCode !== null) crashed = true
    if (crashed) return maxDb
    current.maxRssMiB = Math.max(current.maxRssMiB, rssMiB())
    maxDb = Math.max(maxDb, dbBytes())
    if (Date.now() - began >= current.fromS * 1000 + WINDOW_S * 1000) {
      windows.push(current)
      current = { fromS: current.fromS + WINDOW_S, latencies: [], errors: 0, maxRssMiB: 0 }
    }
  }
  return maxDb
}

const cpuBefore = { server: ticks(), self: process.cpuUsage() }
const [, , maxDbBytes, attackOut] = await Promise.all([visitor(), ownerSignsIn(), sampler(), new Response(attacker.stdout).text()])
if (current.latencies.length) windows.push(current)
const attackOutput = JSON.parse(attackOut.trim().split('\n').at(-1) || '{}') as { counts?: SoakResult['attack']; cpuS?: number }
const result: SoakResult = {
  seconds: SECONDS,
  env,
  concurrency: Number(CONCURRENCY),
  idleRssMiB: idleRss,
  windows: windows.map((w) => ({ ...w, p50: percentile(w.latencies, 50), p99: percentile(w.latencies, 99), max: Math.max(...w.latencies) })),
  owner,
  attack: attackOutput.counts ?? {},
  visitorStatus: serverStatus,
  crashed: crashed || server.proc.exitCode !== null,
  db: { startBytes, maxBytes: maxDbBytes, endBytes: dbBytes(), startRows, endRows: crashed ? startRows : rows() },
  cpu: { serverS: (ticks() - cpuBefore.server) / 100, attackerS: attackOutput.cpuS ?? NaN, visitorS: process.cpuUsage(cpuBefore.self).user / 1e6 },
}
server.proc.kill('SIGTERM')
await server.proc.exited
const { markdown, pass } = soakReport(result)
await Bun.write(join(import.meta.dir, 'reports', 'SOAK.md'), markdown)
console.log(markdown)
process.exit(pass ? 0 : 1)
