// The soak's hostile mix (bench/soak.ts starts it as its own process, so the normal visitor's
// timings are not taken on a busy event loop): from thousands of loopback source addresses,
// unique searches and tags, unique 404s, junk query strings, junk beacons, event streams opened
// and dropped, login and contact floods and over-limit bodies. Prints its counts and its own CPU
// time as JSON on exit.
import http from 'node:http'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  args: Bun.argv.slice(2),
  options: { url: { type: 'string' }, seconds: { type: 'string' }, concurrency: { type: 'string' }, email: { type: 'string' }, addresses: { type: 'string' }, kinds: { type: 'string' } },
})
const base = new URL(values.url ?? 'http://127.0.0.1:3000')
const until = Date.now() + Number(values.seconds ?? 300) * 1000
const CONCURRENCY = Number(values.concurrency ?? 24)
const ADMIN_EMAIL = values.email ?? 'owner@example.com'

// 127.0.0.0/8 is loopback on Linux: each of these is a distinct client address to the server.
const ADDRESSES = Array.from({ length: Number(values.addresses ?? 4096) }, (_, i) => `127.${1 + (i >> 12)}.${(i >> 6) & 63}.${(i & 63) + 2}`)
let seq = 0
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 8)}`
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36', 'accept-language': 'en', accept: 'text/html', 'accept-encoding': 'br, gzip' }

export type Counts = Record<string, Record<string, number>>
const counts: Counts = {}
const count = (kind: string, outcome: string) => {
  const row = (counts[kind] ??= {})
  row[outcome] = (row[outcome] ?? 0) + 1
}

type Req = { method: string; path: string; headers?: Record<string, string>; body?: string | Uint8Array; holdMs?: number }

/** One request on a fresh connection from `address`; resolves with the status or an error name. */
function send(address: string, req: Req): Promise<string> {
  return new Promise((resolve) => {
    const r = http.request({ host: base.hostname, port: base.port, path: req.path, method: req.method, localAddress: address, agent: false, headers: req.headers, timeout: 10_000 }, (res) => {
      if (req.holdMs) {
        setTimeout(() => (res.destroy(), resolve(String(res.statusCode))), req.holdMs)
        res.resume()
        return
      }
      res.resume()
      res.on('end', () => resolve(String(res.statusCode)))
      res.on('error', () => resolve(String(res.statusCode)))
    })
    r.on('timeout', () => (r.destroy(), resolve('timeout')))
    r.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'))
    r.end(req.body)
  })
}

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json', origin: base.origin }, body: JSON.stringify(value) })
const junk = () => encodeURIComponent(`${unique()}\u0000${'x'.repeat(Math.floor(Math.random() * 300))}`)

const ATTACKS: Record<string, () => Req> = {
  search: () => ({ method: 'GET', path: `/${pick(['blog', 'projects'])}?search=${unique()}`, headers: BROWSER }),
  tag: () => ({ method: 'GET', path: `/${pick(['blog', 'projects'])}?tag=${unique()}`, headers: BROWSER }),
  notFound: () => ({ method: 'GET', path: `/${unique()}/${unique()}`, headers: BROWSER }),
  junkQuery: () => ({ method: 'GET', path: `/${pick(['', 'blog', 'projects', 'skills'])}?${unique()}=${junk()}`, headers: BROWSER }),
  beacon: () => ({ method: 'POST', path: '/api/analytics/pv', ...json({ path: `/${unique()}?${unique()}=1`, referrer: `https://${unique()}.example/` }), headers: { ...BROWSER, 'content-type': 'application/json' } }),
  login: () => ({ method: 'POST', path: '/api/admin/login', ...json({ email: ADMIN_EMAIL, password: `wrong-${unique()}` }) }),
  contact: () => ({ method: 'POST', path: '/api/contact', ...json({ name: 'Flood', email: `f${unique()}@example.com`, reason: 'general', message: `Flood message ${unique()} long enough.` }) }),
  overLimit: () => ({ method: 'POST', path: pick(['/api/contact', '/api/analytics/pv', '/api/admin/login']), headers: { 'content-type': 'application/json' }, body: new Uint8Array(2 * 1024 * 1024).fill(0x20) }),
}
// --kinds search,login: only those (to find what a figure comes from).
const KINDS = values.kinds ? values.kinds.split(',') : Object.keys(ATTACKS)

async function worker() {
  while (Date.now() < until) {
    const kind = pick(KINDS)
    count(kind, await send(pick(ADDRESSES), ATTACKS[kind]!()))
  }
}

/** Every 10 s: 200 event streams from 200 addresses, held 2 s, then dropped mid-stream. */
async function streams() {
  while (Date.now() < until) {
    const held = [...ADDRESSES].sort(() => Math.random() - 0.5).slice(0, 200)
    const outcomes = await Promise.all(held.map((a) => send(a, { method: 'GET', path: '/api/demo/events', headers: { accept: 'text/event-stream' }, holdMs: 2000 })))
    for (const o of outcomes) count('stream', o)
    await Bun.sleep(8000)
  }
}

await Promise.all([...Array.from({ length: CONCURRENCY }, worker), ...(values.kinds && !KINDS.includes('stream') ? [] : [streams()])])
const cpu = process.cpuUsage()
console.log(JSON.stringify({ counts, cpuS: (cpu.user + cpu.system) / 1e6 }))
