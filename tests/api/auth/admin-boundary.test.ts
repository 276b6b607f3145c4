import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { migrations } from '#db/migrations/index'
import { ADMIN_ROUTES } from '#tests/support/data/admin-routes'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
// When the server was asked to start and when it was up: its uptime is counted from in between.
let starting: number
let started: number
beforeAll(async () => {
  starting = performance.now()
  s = await startTestServer()
  started = performance.now()
  cookie = await s.login()
})
afterAll(() => s.close())

const UNSAFE = ADMIN_ROUTES.filter(([method]) => method !== 'GET')

describe('the admin boundary', () => {
  test.each(ADMIN_ROUTES)('%s %s answers 401 without a session', async (method, path) => {
    const res = await s.request(method, path, method === 'GET' ? {} : { body: {} })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ ok: false, error: 'Not signed in.' })
  })

  test.each(UNSAFE)('%s %s answers 403 to another origin, even when signed in', async (method, path) => {
    const res = await s.request(method, path, { cookie, body: {}, headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(res.body.ok).toBe(false)
  })

  test.each(UNSAFE)('%s %s answers 415 to a form body, even when signed in', async (method, path) => {
    const res = await s.request(method, path, { cookie, raw: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(res.status).toBe(415)
    expect(res.body.ok).toBe(false)
  })

  test('login itself is refused from another origin (login CSRF)', async () => {
    const res = await s.request('POST', '/api/admin/login', { body: ADMIN, headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
  })

  test('a same-origin browser request passes the origin check', async () => {
    const res = await s.request('POST', '/api/admin/projects/reorder', { cookie, body: { slugs: ['nope'] }, headers: { origin: s.url } })
    expect(res.status).toBe(400)
  })

  test('a cross-site fetch marked by Sec-Fetch-Site is refused', async () => {
    const res = await s.request('DELETE', '/api/admin/projects/x', { cookie, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.status).toBe(403)
  })

  test('a text/plain body is refused with 415 too', async () => {
    const res = await s.request('POST', '/api/admin/projects', { cookie, raw: '{"title":"x"}', headers: { 'content-type': 'text/plain' } })
    expect(res.status).toBe(415)
  })
})

describe('bad bodies', () => {
  test('malformed JSON is 400 with the error shape', async () => {
    const res = await s.request('POST', '/api/admin/projects', { cookie, raw: '{"title":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ ok: false, error: 'Malformed JSON body.' })
  })

  test('a body over the limit is 413, whether declared or streamed', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) })
    const declared = await s.request('POST', '/api/admin/projects', { cookie, raw: big, headers: { 'content-type': 'application/json' } })
    expect(declared.status).toBe(413)
    expect(declared.body.ok).toBe(false)
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big))
        controller.close()
      },
    })
    const streamed = await fetch(`${s.url}/api/admin/projects`, { method: 'POST', body: stream, headers: { cookie, 'content-type': 'application/json' } })
    expect(streamed.status).toBe(413)
  })

  test('a JSON array or number where an object belongs is 400, never 500', async () => {
    for (const raw of ['[]', '42', 'null', '"text"']) {
      const res = await s.request('POST', '/api/admin/projects', { cookie, raw, headers: { 'content-type': 'application/json' } })
      expect(res.status).toBe(400)
      expect(res.body.ok).toBe(false)
    }
  })

  test('unknown API paths are 404 with the error shape', async () => {
    const res = await s.get('/api/nothing-here')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ ok: false, error: 'Not found' })
  })

  test('health reports ok, the version, the uptime and the database, never from a cache', async () => {
    const asked = performance.now()
    const res = await s.get('/api/health')
    const answered = performance.now()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body).toEqual({ ok: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/), uptimeSeconds: expect.any(Number), database: { ok: true, migrations: migrations.length } })
    const wholeSeconds = (from: number, to: number) => Math.floor((to - from) / 1000)
    expect(res.body.uptimeSeconds).toBeInteger()
    expect(res.body.uptimeSeconds).toBeGreaterThanOrEqual(wholeSeconds(started, asked))
    expect(res.body.uptimeSeconds).toBeLessThanOrEqual(wholeSeconds(starting, answered))
  })
})
