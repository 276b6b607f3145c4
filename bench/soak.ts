// `npm run soak [-- --seconds 300 --no-build]`: the compiled binary at its defaults for five
// minutes under a hostile mix from thousands of source addresses (bench/lib/soak-attack.ts), beside a
// normal visitor browsing, the owner signing in every 20 s and uploading photos of a few MB, and a
// stranger asking for every share card of a site of some 220 items and for made-up ones. Samples
// the server's memory (and its children's: the card painter, the image variants) and database
// each second and writes bench/reports/SOAK.md. A benchmark, not a test: it prints PASS/FAIL per
// target and exits 1 when one is missed.
import { Database } from 'bun:sqlite'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import jpegEncode, { init as initJpegEncode } from '@jsquash/jpeg/encode.js'
import jpegEncWasm from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm' with { type: 'file' }
import { placeAlone, start } from './binary'
import { SOAK_ADDRESSES } from './lib/soak-bound'
import { soakReport, type SoakResult, type Window } from './lib/soak-report'
import { percentile } from './lib/stats'

const ROOT = join(import.meta.dir, '..')
const { values } = parseArgs({ args: Bun.argv.slice(2), options: { seconds: { type: 'string' }, 'no-build': { type: 'boolean' }, concurrency: { type: 'string' }, without: { type: 'string' } } })
const SECONDS = Number(values.seconds ?? 300)
const CONCURRENCY = values.concurrency ?? '24'
// --without cards,uploads: the run without the stranger's share cards or the owner's uploads (to find what a figure comes from).
const WITHOUT = new Set((values.without ?? '').split(',').filter(Boolean))
const WINDOW_S = 30
const OWNER = { email: 'owner@example.com', password: 'soak owner passphrase 2026' }
/** Posts added before the run, so there are many distinct share cards to ask for. */
const CARD_POSTS = 200
/** Every minute (from 15 s) the owner uploads this many photos, two at a time (the server takes two upload bodies at once; past them a 429 with Retry-After). */
const UPLOAD_BATCH = 4
const UPLOADS_AT_ONCE = 2
const UPLOAD_EVERY_S = 60
/** The stranger's card requests in flight: more than the painter's queue (src/features/share-cards/card-runner.ts), so some are told to retry. */
const STRANGER_IN_FLIGHT = 8

const binary = join(ROOT, 'dist/folio')
if (!values['no-build']) {
  const build = Bun.spawnSync([process.execPath, join(ROOT, 'build.ts')], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
  if (build.exitCode !== 0) throw new Error('build.ts failed')
} else if (!existsSync(binary)) throw new Error('--no-build: dist/folio is missing (npm run build)')

const dir = placeAlone(binary)
// The settings not at their defaults, printed beside the figures: the loopback address the harness
// listens on and the admin pair.
const env = { HOST: '127.0.0.1', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password }
const ownerLogin = (base: string, cookie: string) => fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie }, body: JSON.stringify(OWNER) })
const sessionOf = (r: Response) => r.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ')

// The site as its owner left it yesterday: the sample content and CARD_POSTS more posts, written
// by a server that then stopped (so writing them loaded nothing into the one under test).
const soakSlugs = new Set<string>()
{
  const writer = await start(dir, env)
  for (const p of ((await (await fetch(`${writer.url}/api/posts?limit=100`)).json()) as { items: { slug: string }[] }).items) soakSlugs.add(p.slug)
  const cookie = sessionOf(await ownerLogin(writer.url, ''))
  for (let i = 0; i < CARD_POSTS; i++) {
    const body = JSON.stringify({ title: `Soak post ${i}: notes on a thing worth sharing`, summary: `A summary of soak post ${i}, long enough to show on its card.`, tags: ['soak'], bodyMD: `The body of soak post ${i}, long enough to be a post.` })
    const r = await fetch(`${writer.url}/api/admin/posts`, { method: 'POST', headers: { 'content-type': 'application/json', origin: writer.url, cookie }, body })
    if (r.status !== 201) throw new Error(`writing post ${i}: ${r.status} ${await r.text()}`)
    soakSlugs.add(((await r.json()) as { slug: string }).slug)
  }
  writer.proc.kill('SIGTERM')
  await writer.proc.exited
}
const server = await start(dir, env)
const pid = server.proc.pid
const url = server.url

const ticks = () => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return Number(f[11]) + Number(f[12])
}
const rssMiB = (of = pid) => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${of}/status`, 'utf8'))?.[1] ?? NaN) / 1024
/** The server's child processes by command ('cards', 'images'), with their resident MiB. */
function children(): { command: string; rssMiB: number }[] {
  try {
    const kids = readdirSync(`/proc/${pid}/task`).flatMap((t) => readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
    return kids.map((kid) => ({ command: readFileSync(`/proc/${kid}/cmdline`, 'utf8').split('\0').filter(Boolean).at(-1) ?? '', rssMiB: rssMiB(Number(kid)) })).filter((c) => c.command && Number.isFinite(c.rssMiB))
  } catch {
    return [] // a child ended between the listing and the read
  }
}
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
const CARDS = ['/og/home.png', ...projects.items.map((p) => `/og/projects/${p.slug}.png`), ...[...soakSlugs].map((slug) => `/og/posts/${slug}.png`)]
const PHOTOS = await photos(2)
// Warm: the visitor measures what a returning reader gets, not the first render after start.
for (const p of PAGES) await fetch(url + p, { headers: BROWSER }).then((r) => r.arrayBuffer())

const startRows = rows()
const startBytes = dbBytes()
const idleRss = rssMiB()
const highWater = () => Number(/^VmHWM:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024
const warmPeakMiB = highWater()
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
// known-device cookie it gets (src/features/sign-in-methods/device-cookie.ts).
const firstLogin = await ownerLogin(url, '')
let device = firstLogin.headers.getSetCookie().find((c) => c.startsWith('folio_device='))?.split(';')[0] ?? ''
const session = sessionOf(firstLogin)

async function ownerSignsIn() {
  while (Date.now() < until) {
    await Bun.sleep(20_000)
    if (Date.now() >= until) return
    const t = performance.now()
    const r = await ownerLogin(url, device).catch(() => null)
    device = r?.headers.getSetCookie().find((c) => c.startsWith('folio_device='))?.split(';')[0] ?? device
    owner.push({ atS: Math.round((Date.now() - began) / 1000), status: r?.status ?? 0, ms: Math.round(performance.now() - t) })
    await r?.arrayBuffer()
  }
}

const tally = (row: Record<string, number>, key: string | number) => void (row[key] = (row[key] ?? 0) + 1)
const cardAnswers: Record<string, number> = {}
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!

/** A stranger asking for share cards: real ones (each drawn once per change of what it shows) and made-up slugs (404s that draw nothing). */
async function stranger() {
  while (Date.now() < until) {
    const path = Math.random() < 0.7 ? pick(CARDS) : `/og/${pick(['posts', 'projects'])}/made-up-${Math.random().toString(36).slice(2)}.png`
    tally(cardAnswers, await fetch(url + path).then(async (r) => (await r.arrayBuffer(), r.status), () => 0))
    await Bun.sleep(25)
  }
}

const uploads: { status: Record<string, number>; ms: number[]; bytes: number } = { status: {}, ms: [], bytes: 0 }
let accentChanges = 0
/** The owner's minute: a new accent (every card is drawn again) and UPLOAD_BATCH photos, UPLOADS_AT_ONCE at a time, each sent again after a 429's Retry-After. */
async function ownerWorks() {
  let n = 0
  for (let at = 15; at < SECONDS; at += UPLOAD_EVERY_S) {
    await Bun.sleep(began + at * 1000 - Date.now())
    const accent = `#${(0x335599 + accentChanges * 0x0a0a0a).toString(16).slice(-6)}`
    const put = await fetch(`${url}/api/admin/settings`, { method: 'PUT', headers: { 'content-type': 'application/json', origin: url, cookie: session }, body: JSON.stringify({ accent }) })
    if (put.status === 200) accentChanges++
    let left = UPLOAD_BATCH
    await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, async () => {
      while (left-- > 0) {
        const photo = distinct(PHOTOS[n % PHOTOS.length]!, n++)
        const t = performance.now()
        while (Date.now() < until) {
          const r = await fetch(`${url}/api/admin/uploads`, { method: 'POST', headers: { 'content-type': 'image/jpeg', origin: url, cookie: session }, body: photo }).catch(() => null)
          await r?.arrayBuffer()
          tally(uploads.status, r?.status ?? 0)
          if (r?.status !== 429) break
          await Bun.sleep(Number(r.headers.get('retry-after') ?? 1) * 1000)
        }
        uploads.ms.push(performance.now() - t)
        uploads.bytes += photo.byteLength
      }
    }))
  }
}

const childPeak: Record<string, number> = {}
async function sampler() {
  let maxDb = startBytes
  while (Date.now() < until) {
    await Bun.sleep(1000)
    if (server.proc.exitCode !== null) crashed = true
    if (crashed) return maxDb
    current.maxRssMiB = Math.max(current.maxRssMiB, rssMiB())
    for (const c of children()) childPeak[c.command] = Math.max(childPeak[c.command] ?? 0, c.rssMiB)
    maxDb = Math.max(maxDb, dbBytes())
    if (Date.now() - began >= current.fromS * 1000 + WINDOW_S * 1000) {
      windows.push(current)
      current = { fromS: current.fromS + WINDOW_S, latencies: [], errors: 0, maxRssMiB: 0 }
    }
  }
  return maxDb
}

// Other work on the machine slows the visitor as much as the mix does: its load is printed beside the figures.
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
const loadBefore = loadAverage()
const cpuBefore = { server: ticks(), self: process.cpuUsage() }
const [, , , , maxDbBytes, attackOut] = await Promise.all([visitor(), ownerSignsIn(), WITHOUT.has('uploads') ? null : ownerWorks(), WITHOUT.has('cards') ? null : Promise.all(Array.from({ length: STRANGER_IN_FLIGHT }, stranger)), sampler(), new Response(attacker.stdout).text()])
const serverPeakMiB = highWater()
const loadAfter = loadAverage()
const cardFiles = existsSync(join(dir, 'data', 'cache', 'cards')) ? readdirSync(join(dir, 'data', 'cache', 'cards')).length : 0
if (current.latencies.length) windows.push(current)
const attackOutput = JSON.parse(attackOut.trim().split('\n').at(-1) || '{}') as { counts?: SoakResult['attack']; cpuS?: number }
const result: SoakResult = {
  seconds: SECONDS,
  env,
  concurrency: Number(CONCURRENCY),
  idleRssMiB: idleRss,
  windows: windows.map((w) => ({ ...w, p50: percentile(w.latencies, 50), p99: percentile(w.latencies, 99), max: Math.max(...w.latencies) })),
  owner,
  // The stranger's cards beside the hostile kinds: their 5xx count against the run like any other.
  attack: { ...attackOutput.counts, shareCard: cardAnswers },
  visitorStatus: serverStatus,
  crashed: crashed || server.proc.exitCode !== null,
  db: { startBytes, maxBytes: maxDbBytes, endBytes: dbBytes(), startRows, endRows: crashed ? startRows : rows() },
  cpu: { serverS: (ticks() - cpuBefore.server) / 100, attackerS: attackOutput.cpuS ?? NaN, visitorS: process.cpuUsage(cpuBefore.self).user / 1e6 },
}
server.proc.kill('SIGTERM')
await server.proc.exited
const report = soakReport(result)
const uploadFives = Object.entries(uploads.status).reduce((n, [k, v]) => n + (k.startsWith('5') || k === '0' ? v : 0), 0)
const f1 = (n: number) => n.toFixed(1)
const markdown = [
  report.markdown.trimEnd(),
  '',
  '## Share cards and uploads',
  '',
  ...(WITHOUT.size ? [`**Left out of this run** (\`--without\`): ${[...WITHOUT].join(', ')}; the figures below are of what remained.`, ''] : []),
  `A stranger (${STRANGER_IN_FLIGHT} requests in flight, 25 ms apart) asked for the ${CARDS.length} real share cards of a site of ${CARDS.length - 1} items (the sample and ${CARD_POSTS} posts written before the run) at random, and 3 in 10 times for a made-up slug. Every ${UPLOAD_EVERY_S} s from 15 s the owner set a new accent (each card shows it, so every card is drawn again when next asked for: ${accentChanges} changes) and uploaded ${UPLOAD_BATCH} distinct JPEG photos of ${f1(Math.min(...PHOTOS.map((p) => p.byteLength)) / 1e6)}–${f1(Math.max(...PHOTOS.map((p) => p.byteLength)) / 1e6)} MB, ${UPLOADS_AT_ONCE} at a time, each sent again after a 429's Retry-After.`,
  '',
  '| what | measured |',
  '|---|---|',
  `| share card answers | ${Object.entries(cardAnswers).sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k}: ${v}`).join(', ')} |`,
  `| card files on disk at the end | ${cardFiles} (at most 1,000 kept) |`,
  `| uploads | ${Object.entries(uploads.status).map(([k, v]) => `${k}: ${v}`).join(', ')}; ${f1(uploads.bytes / 1e6)} MB; p50 ${f1(percentile(uploads.ms, 50))} ms, max ${f1(Math.max(0, ...uploads.ms))} ms (retries included) |`,
  `| the server's own high-water mark (VmHWM: the kernel's, between two samples too) | ${f1(serverPeakMiB)} MiB at the end (${f1(warmPeakMiB)} MiB when the run began, after the start and the warm-up) |`,
  `| the machine's load average (1, 5, 15 min) | ${loadBefore} at the start, ${loadAfter} at the end |`,
  `| its children at their largest (sampled each second) | ${Object.entries(childPeak).map(([k, v]) => `\`folio ${k}\` ${f1(v)} MiB`).join(', ') || 'none seen'} |`,
  '',
].join('\n')
const pass = report.pass && uploadFives === 0
await Bun.write(join(import.meta.dir, 'reports', 'SOAK.md'), markdown)
console.log(markdown)
if (uploadFives) console.log(`FAIL: ${uploadFives} uploads answered 5xx or no answer`)
process.exit(pass ? 0 : 1)

/** `count` photo-like JPEGs (a gradient under noise, which compresses little) of some 3 MB each, drawn once before the run. */
async function photos(count: number): Promise<Uint8Array<ArrayBuffer>[]> {
  await initJpegEncode(await WebAssembly.compile(await Bun.file(jpegEncWasm).arrayBuffer()))
  const [w, h] = [2800, 1900]
  const out: Uint8Array<ArrayBuffer>[] = []
  for (let k = 0; k < count; k++) {
    const data = new Uint8ClampedArray(w * h * 4)
    let seed = 7 + k
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        seed = (seed * 1103515245 + 12345) >>> 0
        const i = (y * w + x) * 4
        const noise = (seed >>> 24) * 0.4
        data.set([(x * 255) / w + noise, (y * 255) / h + noise, 96 + k * 64 + noise, 255], i)
      }
    }
    out.push(new Uint8Array(await jpegEncode({ data, width: w, height: h, colorSpace: 'srgb' } as ImageData, { quality: 90 })))
  }
  return out
}

/** The same picture as a different file: a JPEG comment segment after the start marker (uploads are named by their bytes' hash). */
function distinct(jpeg: Uint8Array<ArrayBuffer>, n: number): Uint8Array<ArrayBuffer> {
  const note = new TextEncoder().encode(`folio soak ${n}`)
  const segment = new Uint8Array([0xff, 0xfe, 0, note.length + 2, ...note])
  const out = new Uint8Array(jpeg.byteLength + segment.byteLength)
  out.set(jpeg.subarray(0, 2))
  out.set(segment, 2)
  out.set(jpeg.subarray(2), 2 + segment.byteLength)
  return out
}
