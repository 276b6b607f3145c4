// Issue 17: unique searches cannot evict plain pages; a bad page query is a readable 400 (decision 007).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { DEFAULT_LIMITS } from '#src/web/cache/render-cache'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
}, 30_000)
afterAll(() => s.close())

const cacheOf = async (path: string) => {
  const res = await fetch(s.url + path)
  await res.arrayBuffer()
  return { status: res.status, cache: res.headers.get('x-cache') }
}

async function cached(path: string) {
  for (let i = 0; i < 600; i++) {
    if ((await cacheOf(path)).cache === 'HIT') return
    await Bun.sleep(50)
  }
  throw new Error(`${path} never came from the cache`)
}

// More unique searches than the whole page cache holds: before issue 17 they pushed `/` out of it.
const UNIQUE = DEFAULT_LIMITS.entries + 100

test(`${UNIQUE} unique /blog searches leave the cached home page a hit`, async () => {
  await cached('/')
  const statuses = new Map<number, number>()
  let next = 0
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = next++; i < UNIQUE; i = next++) {
        const { status } = await cacheOf(`/blog?search=x${i}`)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  // Past the render limit a search is told to retry (429); nothing fails.
  expect([...statuses.keys()].filter((code) => code !== 200 && code !== 429)).toEqual([])
  // Stored once compressed: wait for the last search to be stored, so the others are too.
  await cached(`/blog?search=x${UNIQUE - 1}`)
  expect(await cacheOf('/')).toEqual({ status: 200, cache: 'HIT' })
}, 60_000)

test.each([
  ['/blog?search=' + 'q'.repeat(201), 'search'],
  ['/projects?search=' + 'q'.repeat(201), 'search'],
  ['/blog?tag=' + 't'.repeat(41), 'tag'],
  ['/projects?tag=' + 't'.repeat(41), 'tag'],
  ['/skills?bucket=' + 'b'.repeat(61), 'bucket'],
])('%s is a 400 page a person can read, naming the filter, never cached', async (path, name) => {
  const res = await fetch(s.url + path)
  const html = await res.text()
  expect(res.status).toBe(400)
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(res.headers.get('x-cache')).toBeNull()
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(html).toContain('<meta name="robots" content="noindex">')
  expect(html).toContain(`The ${name} is too long`)
  // A way on: the same page without the filter.
  expect(html).toContain(`href="${path.split('?')[0]}"`)
})

test('a search of exactly 200 characters is still a page', async () => {
  expect((await fetch(s.url + '/blog?search=' + 'q'.repeat(200))).status).toBe(200)
})

test('a burst of unique searches past the render limit is told to retry, with the usual security headers', async () => {
  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => fetch(`${s.url}/blog?search=burst${i}`)))
  const busy = answers.filter((a) => a.status === 429)
  expect(answers.filter((a) => a.status !== 200 && a.status !== 429)).toEqual([])
  expect(busy.length).toBeGreaterThan(0)
  expect(busy[0]!.headers.get('retry-after')).toBe('1')
  expect(busy[0]!.headers.get('x-content-type-options')).toBe('nosniff')
  await Promise.all(answers.map((a) => a.arrayBuffer()))
})
