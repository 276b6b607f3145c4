// A page served from memory (Bun's own routes, before Elysia's hooks) goes through what a
// rendered one does: the https redirect behind a proxy and the request line. (Counting the view:
// tests/api/analytics/analytics-counting.test.ts, "page loads served from memory or rendered".)
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createLogger } from '#src/lib/logger'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
const lines: Record<string, unknown>[] = []
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: '1', SITE_URL: 'https://folio.example', LOG_LEVEL: 'info' }, log: createLogger('info', (line) => lines.push(JSON.parse(line))) })
})
afterAll(() => s.close())

/** Requests `path` until it comes from memory; resolves once every one of those requests has its line. */
async function untilHit(path: string) {
  for (let i = 1; i <= 100; i++) {
    const res = await fetch(s.url + path, { headers: { 'x-forwarded-proto': 'https' } })
    await res.arrayBuffer()
    if (res.headers.get('x-cache') === 'HIT') {
      // A line is written just after its answer: wait for these, so a test that clears the lines next counts only its own.
      for (let j = 0; j < 100 && lines.filter((l) => l.msg === 'request' && l.path === path).length < i; j++) await Bun.sleep(5)
      return
    }
    await Bun.sleep(20)
  }
  throw new Error(`${path} never came from memory`)
}

test('a cached page answers plain http behind the proxy with the same 301 as a rendered one', async () => {
  await untilHit('/skills')
  const cached = await fetch(s.url + '/skills', { headers: { 'x-forwarded-proto': 'http' }, redirect: 'manual' })
  const rendered = await fetch(s.url + '/no/such/page', { headers: { 'x-forwarded-proto': 'http' }, redirect: 'manual' })
  for (const [res, path] of [[cached, '/skills'], [rendered, '/no/such/page']] as const) {
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe(`https://folio.example${path}`)
  }
})

test('a page served from memory writes its request line, as a rendered one does', async () => {
  await untilHit('/projects')
  lines.length = 0
  const res = await fetch(s.url + '/projects', { headers: { 'x-forwarded-proto': 'https' } })
  expect(res.headers.get('x-cache')).toBe('HIT')
  await res.arrayBuffer()
  for (let i = 0; i < 50 && !lines.some((l) => l.msg === 'request'); i++) await Bun.sleep(5)
  expect(lines.filter((l) => l.msg === 'request').map((l) => [l.method, l.path, l.status])).toEqual([['GET', '/projects', 200]])
})

test('a burst of pages served from memory loses no request line: the lines are written in batches after the answers', async () => {
  await untilHit('/blog')
  lines.length = 0
  // More than one batch (AFTER_ANSWER_BATCH_MAX) of answers in flight at once.
  const answers = await Promise.all(Array.from({ length: 1500 }, () => fetch(s.url + '/blog', { headers: { 'x-forwarded-proto': 'https' } }).then(async (r) => (await r.arrayBuffer(), r.headers.get('x-cache')))))
  expect(answers.every((x) => x === 'HIT')).toBe(true)
  for (let i = 0; i < 100 && lines.filter((l) => l.msg === 'request').length < 1500; i++) await Bun.sleep(10)
  const logged = lines.filter((l) => l.msg === 'request')
  expect(logged).toHaveLength(1500)
  expect(logged.every((l) => l.path === '/blog' && l.status === 200 && typeof l.ms === 'number')).toBe(true)
})
