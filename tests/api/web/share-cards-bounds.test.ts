// Issue 32 (9b): strangers can ask for every card at once. One painter process draws them, at most
// CARD_QUEUE waiting or drawing; past that a 429 to retry. The same card asked for many times at
// once is drawn once, and every asker gets it.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { CARD_QUEUE } from '#src/features/share-cards/card-runner'
import { postInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
  cookie = await s.login()
}, 30_000)
afterAll(() => s.close())

/** This process's children that are a card painter (the test server runs in this process). */
function painters(): number {
  const kids = readdirSync(`/proc/${process.pid}/task`).flatMap((t) => readFileSync(`/proc/${process.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean))
  return kids.filter((kid) => {
    try {
      return readFileSync(`/proc/${kid}/cmdline`, 'utf8').split('\0').includes('cards')
    } catch {
      return false
    }
  }).length
}
const newPosts = async (n: number, prefix: string) => {
  const slugs: string[] = []
  for (let i = 0; i < n; i++) slugs.push((await s.request('POST', '/api/admin/posts', { body: postInput({ title: `${prefix} ${i}` }), cookie })).body.slug)
  return slugs
}
const cards = () => readdirSync(join(s.dataDir, 'cache', 'cards')).filter((name) => name.endsWith('.png')).length

test(`forty distinct cards at once: one painter, at most ${CARD_QUEUE} drawn, the rest a 429 with Retry-After`, async () => {
  const slugs = await newPosts(40, 'Burst card')
  let most = 0
  const watch = setInterval(() => (most = Math.max(most, painters())), 10)
  const answers = await Promise.all(slugs.map((slug) => fetch(`${s.url}/og/posts/${slug}.png`).then(async (r) => ({ status: r.status, retry: r.headers.get('retry-after'), bytes: (await r.arrayBuffer()).byteLength }))))
  clearInterval(watch)
  const drawn = answers.filter((a) => a.status === 200)
  const refused = answers.filter((a) => a.status === 429)
  expect(drawn.length + refused.length).toBe(40)
  expect(drawn.length).toBeGreaterThanOrEqual(1)
  expect(drawn.length).toBeLessThanOrEqual(CARD_QUEUE)
  expect(refused.every((a) => a.retry !== null)).toBe(true)
  expect(most).toBe(1)
  expect(cards()).toBe(drawn.length)
}, 60_000)

test('the same new card asked for twenty times at once is drawn once, and all twenty get it', async () => {
  const [slug] = await newPosts(1, 'Shared card')
  const before = cards()
  const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${s.url}/og/posts/${slug}.png`).then(async (r) => ({ status: r.status, bytes: new Uint8Array(await r.arrayBuffer()) }))))
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200))
  for (const a of answers) expect(a.bytes).toEqual(answers[0]!.bytes)
  expect(cards()).toBe(before + 1)
}, 60_000)
