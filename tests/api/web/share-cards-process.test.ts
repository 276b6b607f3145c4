// Issue 32 (9b): one anonymous /og/home.png used to add some 45 MB to the server for good (satori,
// resvg and the fonts stayed loaded). Cards are drawn by a child process now (`folio cards`), into
// files: the server, run as its own process here, stays within a stated bound while every card of
// the sample site is drawn, and an unknown slug starts nothing and writes nothing.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, spawnMain, waitForHealth } from '#tests/support/server/process'

/** What drawing every card of the sample site (24) may add to the server's resident memory; in-process it added 43 MiB on the first. */
const GROWTH_MIB = 15

const cwd = mkdtempSync(join(tmpdir(), 'folio-cards-'))
let url: string
let proc: ReturnType<typeof spawnMain>
beforeAll(async () => {
  const port = await freePort()
  url = `http://127.0.0.1:${port}`
  proc = spawnMain({ PORT: String(port), HOST: '127.0.0.1', SEED: 'demo', DATA_DIR: join(cwd, 'data'), LOG_LEVEL: 'warn' }, cwd)
  await waitForHealth(url, 60_000)
}, 90_000)
afterAll(async () => {
  proc.kill('SIGTERM')
  await proc.exited
  rmSync(cwd, { recursive: true, force: true })
})

const rssMiB = (pid: number) => Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
/** The server's child processes that are the card painter. */
function painters(pid: number): number[] {
  const kids = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number))
  return kids.filter((kid) => {
    try {
      return readFileSync(`/proc/${kid}/cmdline`, 'utf8').split('\0').includes('cards')
    } catch {
      return false // gone meanwhile
    }
  })
}
const get = (path: string) => fetch(url + path).then(async (r) => ({ status: r.status, type: r.headers.get('content-type'), size: (await r.arrayBuffer()).byteLength }))

test('unknown slugs are 404s that start no painter and write no card', async () => {
  const paths = Array.from({ length: 300 }, (_, i) => (i % 2 ? `/og/posts/no-such-post-${i}.png` : `/og/projects/nothing-${i}.png`))
  let seen = 0
  for (const path of paths) {
    expect((await get(path)).status).toBe(404)
    seen += painters(proc.pid).length
  }
  expect(seen).toBe(0)
  expect(existsSync(join(cwd, 'data', 'cache', 'cards'))).toBe(false)
}, 60_000)

test(`every card of the sample site is drawn by a child process; the server grows less than ${GROWTH_MIB} MiB`, async () => {
  const posts = ((await (await fetch(`${url}/api/posts?limit=100`)).json()) as { items: { slug: string }[] }).items
  const projects = ((await (await fetch(`${url}/api/projects`)).json()) as { items: { slug: string }[] }).items
  const cards = ['/og/home.png', ...posts.map((p) => `/og/posts/${p.slug}.png`), ...projects.map((p) => `/og/projects/${p.slug}.png`)]
  expect(cards.length).toBeGreaterThanOrEqual(20)
  // The pages that name the cards are rendered first: their code is loaded either way.
  for (const path of ['/', '/blog', `/blog/${posts[0]!.slug}`, `/projects/${projects[0]!.slug}`]) await fetch(url + path).then((r) => r.arrayBuffer())
  await Bun.sleep(500)
  const before = rssMiB(proc.pid)
  let painterSeen = 0
  const watch = setInterval(() => (painterSeen = Math.max(painterSeen, painters(proc.pid).length)), 20)
  try {
    for (const path of cards) {
      let card = await get(path)
      while (card.status === 429) card = await get(path)
      expect(card).toMatchObject({ status: 200, type: 'image/png' })
      expect(card.size).toBeGreaterThan(10_000)
    }
  } finally {
    clearInterval(watch)
  }
  const after = rssMiB(proc.pid)
  expect(painterSeen).toBe(1)
  expect(readdirSync(join(cwd, 'data', 'cache', 'cards')).filter((n) => n.endsWith('.png'))).toHaveLength(cards.length)
  expect(after - before).toBeLessThan(GROWTH_MIB)
}, 120_000)
