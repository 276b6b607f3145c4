// Issue 17: a search holding NUL, control characters or lone surrogates answers like any other
// search (found or empty), never a 500 with a stack trace in the log.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createLogger } from '#src/lib/logger'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
const lines: string[] = []
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' }, log: createLogger('debug', (line) => lines.push(line)) })
}, 30_000)
afterAll(() => s.close())

test.each([
  '/api/posts?search=%00',
  '/api/posts?search=%00%00%00',
  '/blog?search=%00',
  '/blog?search=a%00b',
  '/api/projects?search=a%00b',
  '/api/posts?search=ab%00%01%1Bcd',
  '/api/posts?search=%22%00%22*%5E',
  '/api/projects?search=%ED%A0%80abc',
])('%s answers without a fault or a stack trace', async (path) => {
  lines.length = 0
  const res = await s.get(path, { headers: { accept: path.startsWith('/api') ? 'application/json' : 'text/html' } })
  expect(res.status).toBeLessThan(500)
  if (path.startsWith('/api')) expect(res.status === 400 || Array.isArray(res.body.items)).toBe(true)
  await Bun.sleep(20)
  expect(lines.filter((l) => /"level":"error"|\bat .*:\d+:\d+/.test(l))).toEqual([])
})

test('control characters do not hide a match: "rea\\u0000ct" finds what "react" finds', async () => {
  const plain = (await s.get('/api/posts?search=react')).body.items.map((p: { slug: string }) => p.slug)
  expect(plain.length).toBeGreaterThan(0)
  const odd = (await s.get('/api/posts?search=rea%00%07ct')).body.items.map((p: { slug: string }) => p.slug)
  expect(odd).toEqual(plain)
})

test('a search longer than 200 characters is a 400 in the contract shape', async () => {
  for (const path of ['/api/posts?search=', '/api/projects?search=']) {
    const res = await s.get(path + 'q'.repeat(201))
    expect(res.status).toBe(400)
    expect(res.body.ok).toBe(false)
  }
})
