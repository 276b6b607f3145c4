// A quick look, not a test (`npx bun bench/express-reference/check.ts`): folio from source seeds a
// database and sends its pages; the reference, built and started on a copy of that database,
// must answer each with the same status and the same bytes (no page carries a time of its own since
// the dehydrated state went, decision 066), and so show the same posts and projects (the links its
// HTML renders and what its islands' props hold: printed, to tell a missing post from a stray byte).
// Prints one line per page, then the reference's rate on unique searches (each a miss: the
// reference has no cache).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServer } from '#bench/lib/processes'
import { pageCopy } from '#bench/lib/capture'
import { BOOT_ELEMENT_ID } from '#src/contract/site'
import { REPO_ROOT } from '#tests/support/repo-root'
import { freePort, spawnMain, waitForHealth } from '#tests/support/server/process'
import { buildExpressReference } from './build'
import { referenceSetup } from './setup'

const work = mkdtempSync(join(tmpdir(), 'folio-express-check-'))
const cleanup: (() => unknown)[] = [() => rmSync(work, { recursive: true, force: true })]
process.on('exit', () => cleanup.reverse().forEach((f) => f()))

const get = async (url: string) => {
  const res = await fetch(url)
  return { status: res.status, html: await res.text() }
}

/**
 * The posts and projects a page shows: the ones its HTML links to (lists, neighbours), and the
 * slugs its islands' props hold. A page without a boot block (the plain 400 page of a filter the
 * API refuses) is read from its links alone.
 */
function shownOf(path: string, html: string): string[] {
  const found = new Set<string>()
  for (const [, kind, slug] of html.matchAll(/href="\/(blog|projects)\/([^"?#/]+)"/g)) found.add(`${kind}/${slug}`)
  const walk = (island: string, v: unknown): void => {
    if (Array.isArray(v)) return v.forEach((x) => walk(island, x))
    if (!v || typeof v !== 'object') return
    const o = v as Record<string, unknown>
    if (typeof o.slug === 'string') found.add(`${island} island: ${o.slug}`)
    Object.values(o).forEach((x) => walk(island, x))
  }
  if (html.includes(`id="${BOOT_ELEMENT_ID}"`)) for (const island of pageCopy(path, html).islands) walk(island.name, island.props)
  return [...found].sort()
}

function sameness(folio: string, express: string): string {
  if (folio === express) return 'same bytes'
  let i = 0
  while (folio[i] === express[i]) i++
  return `differs at ${i}: folio …${folio.slice(i - 20, i + 40)}… express …${express.slice(i - 20, i + 40)}…`
}

console.log('▶ building the reference')
const serverJs = await buildExpressReference(join(work, 'ref'))

console.log('▶ folio from source, seeding a database')
const dataDir = join(work, 'data')
const port = await freePort()
const folioUrl = `http://127.0.0.1:${port}`
const folio = spawnMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, REPO_ROOT)
cleanup.push(() => folio.kill('SIGKILL'))
await waitForHealth(folioUrl, 60_000)
const first = async (kind: string) => ((await (await fetch(`${folioUrl}/api/${kind}`)).json()) as { items: { slug: string; tags: string[] }[] }).items[0]!
const post = await first('posts')
const project = await first('projects')
const paths = ['/', '/projects', '/blog', '/blog?search=sqlite', `/blog?tag=${encodeURIComponent(post.tags[0]!)}`, '/skills', `/projects/${project.slug}`, `/blog/${post.slug}`, '/blog/no-such-post', '/no/such/page', `/blog?search=${'x'.repeat(201)}`]
const folioPages = new Map<string, { status: number; html: string }>()
for (const path of paths) folioPages.set(path, await get(folioUrl + path))
const setupFile = join(work, 'assets.json')
writeFileSync(setupFile, JSON.stringify(referenceSetup('/blog', folioPages.get('/blog')!.html)))
folio.kill('SIGTERM')
await folio.exited

// The copy, as the bench would take it: folio stopped, so its WAL is folded in (copied if not).
const copyDir = join(work, 'copy')
mkdirSync(copyDir)
for (const suffix of ['', '-wal', '-shm']) {
  if (existsSync(join(dataDir, `folio.db${suffix}`))) copyFileSync(join(dataDir, `folio.db${suffix}`), join(copyDir, `folio.db${suffix}`))
}

console.log(`▶ node ${serverJs} <copy>/folio.db <assets.json> <port>`)
const reference = await startServer(['node', serverJs, join(copyDir, 'folio.db'), setupFile], '/')
cleanup.push(() => reference.proc.kill('SIGKILL'))

let failed = 0
for (const path of paths) {
  const want = folioPages.get(path)!
  const got = await get(reference.url + path)
  const shown = { folio: shownOf(path, want.html), express: shownOf(path, got.html) }
  const sameShown = shown.folio.join('\n') === shown.express.join('\n')
  const ok = got.status === want.status && sameShown && got.html === want.html
  if (!ok) failed++
  const bytes = `${Buffer.byteLength(got.html)} B (folio ${Buffer.byteLength(want.html)} B, ${sameness(want.html, got.html)})`
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${(path.length > 34 ? `${path.slice(0, 30)}…` : path).padEnd(34)} ${got.status} (folio ${want.status})  ${bytes}  ${shown.express.length} posts and projects ${sameShown ? 'as folio' : `≠ folio: ${JSON.stringify(shown)}`}`)
}

// Unique searches: every one reads SQLite and renders (a miss for folio too).
const runs = 200
const began = performance.now()
for (let i = 0; i < runs; i++) {
  const res = await fetch(`${reference.url}/blog?search=w${i}`)
  await res.arrayBuffer()
  if (res.status !== 200) throw new Error(`/blog?search=w${i}: ${res.status}`)
}
const seconds = (performance.now() - began) / 1000
console.log(`${runs} sequential unique /blog?search=w<N>: ${(runs / seconds).toFixed(0)} req/s (${((seconds * 1000) / runs).toFixed(2)} ms each)`)
await reference.stop()
process.exit(failed ? 1 : 0)
