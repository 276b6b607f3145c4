// Issue 17: a range reaching year 9999 stalled the server (the chart's day loop never ended).
// Every date a summary or an export accepts lies between 2000-01-01 and one year after today
// (the server's clock, here 2026-06-01); others are a 400 in the contract's shape, at once.
// NOTE: the server runs in its own process, so a stall fails the request's timeout instead of
// freezing the test with it.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ADMIN } from '#tests/support/server/server'
import { spawnClockedServer, type ClockedServer } from '#tests/support/server/clocked-server'

let app: ClockedServer
let cookie: string
let bearer: string

beforeAll(async () => {
  app = await spawnClockedServer('2026-06-01T12:00:00.000Z')
  const login = await fetch(`${app.url}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const token = await fetch(`${app.url}/api/admin/analytics/tokens`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ name: 'bounds' }) })
  bearer = `Bearer ${((await token.json()) as { token: string }).token}`
}, 30_000)
afterAll(() => app.kill())

const ROUTES = [
  ['admin summary', '/api/admin/analytics/summary?'],
  ['admin export of a panel', '/api/admin/analytics/export?panel=path&'],
  ['admin export of the day sums', '/api/admin/analytics/export?panel=daily&format=json&'],
  ['stats summary', '/api/stats/summary?'],
  ['stats export', '/api/stats/export?panel=referrer&'],
] as const

/**
 * GETs with the admin's cookie, or the stats token under /api/stats. After 1.5 s the server is
 * stalled: it is killed at once, as its memory grows by gigabytes a minute.
 */
async function get(path: string) {
  const headers: Record<string, string> = path.startsWith('/api/stats') ? { authorization: bearer } : { cookie }
  const res = await fetch(app.url + path, { headers, signal: AbortSignal.timeout(1500) }).catch((error: unknown) => {
    app.kill()
    throw error
  })
  const text = await res.text()
  return { status: res.status, text, body: res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null }
}

test.each(ROUTES)('%s: a range ending 9999-12-31 is a 400 naming `to`, within 2 s', async (_name, route) => {
  const started = Date.now()
  const res = await get(`${route}from=2026-01-01&to=9999-12-31`)
  expect(Date.now() - started).toBeLessThan(2000)
  expect(res.status).toBe(400)
  expect(res.body).toMatchObject({ ok: false, error: 'Invalid input.', details: [{ path: 'to', code: 'out_of_range' }] })
})

test.each(ROUTES)('%s: 1999-12-31 is a 400; 2000-01-01 up to one year after today answers', async (_name, route) => {
  const early = await get(`${route}from=1999-12-31&to=2026-01-01`)
  expect(early.status).toBe(400)
  expect(early.body.details).toEqual([expect.objectContaining({ path: 'from', code: 'out_of_range' })])
  expect((await get(`${route}from=2000-01-01&to=2027-06-01`)).status).toBe(200)
  const late = await get(`${route}from=2026-01-01&to=2027-06-02`)
  expect(late.status).toBe(400)
  expect(late.body.details).toEqual([expect.objectContaining({ path: 'to', code: 'out_of_range' })])
})
