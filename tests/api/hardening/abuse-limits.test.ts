// Abuse limits not covered by their features' own tests: per-route body sizes, and a spoofed
// X-Forwarded-For that buys nothing unless TRUST_PROXY says a proxy sets it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { PAGE_VIEW_LIMIT } from '#src/features/analytics/routes'
import { ARCHIVE_PATHS, ROUTE_BODY_LIMITS } from '#tests/support/data/route-policies'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const beacon = (s: TestServer, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/analytics/pv`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ path: '/' }) })

describe('without TRUST_PROXY', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer()
  })
  afterAll(() => s.close())

  test.each(Object.entries(ROUTE_BODY_LIMITS))('%s refuses a body over %i bytes with 413 and the error shape', async (path, limit) => {
    const body = JSON.stringify({ path: '/', padding: 'x'.repeat(limit) })
    // An admin path's boundary answers 401 before any body is read: sign in for those.
    const headers: Record<string, string> = { 'content-type': ARCHIVE_PATHS.has(path) ? 'application/zip' : 'application/json', origin: s.url }
    if (path.startsWith('/api/admin/') && path !== '/api/admin/login') headers.cookie = await s.login()
    const res = await fetch(s.url + path, { method: 'POST', headers, body })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ ok: false, error: `Request body is too large (limit ${limit} bytes).` })
  })

  test('a spoofed X-Forwarded-For does not escape the per-IP limit; the 429 says when to retry', async () => {
    const answers = []
    for (let i = 0; i <= PAGE_VIEW_LIMIT.max; i++) answers.push(await beacon(s, { 'x-forwarded-for': `198.51.100.${i % 250}` }))
    expect(answers.slice(0, PAGE_VIEW_LIMIT.max).every((r) => r.status === 204)).toBe(true)
    const last = answers.at(-1)!
    expect(last.status).toBe(429)
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(Number(last.headers.get('retry-after'))).toBeLessThanOrEqual(60)
  })
})

describe('with TRUST_PROXY=1', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ env: { TRUST_PROXY: '1' } })
  })
  afterAll(() => s.close())

  test('each address the proxy names has its own allowance', async () => {
    for (let i = 0; i < PAGE_VIEW_LIMIT.max; i++) expect((await beacon(s, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(204)
    expect((await beacon(s, { 'x-forwarded-for': '198.51.100.1' })).status).toBe(429)
    // The right-most hop is the proxy's: a client prepending its own address gains nothing.
    expect((await beacon(s, { 'x-forwarded-for': '10.9.9.9, 198.51.100.1' })).status).toBe(429)
    expect((await beacon(s, { 'x-forwarded-for': '198.51.100.2' })).status).toBe(204)
  })
})
