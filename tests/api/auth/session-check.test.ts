// GET /api/admin/session (docs/api.md, decision 055): the admin shell's session check answers 200
// whether or not the browser is signed in, so a signed-out visit logs no failed request.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { HOUR, manualClock } from '#src/lib/clock'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

describe('the session check', () => {
  const clock = manualClock()
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ clock })
  })
  afterAll(() => s.close())

  test.each([
    ['no cookie', null],
    ['an empty session cookie', 'folio_session='],
    ['a forged session cookie', `folio_session=${'x'.repeat(43)}`],
  ])('answers 200 {authenticated:false} with %s, never stored', async (_, cookie) => {
    const res = await s.get('/api/admin/session', { cookie })
    expect([res.status, res.body, res.headers.get('cache-control')]).toEqual([200, { authenticated: false }, 'no-store'])
  })

  test('names the admin of a live session, and says signed out once it ends or expires', async () => {
    const cookie = await s.login()
    expect((await s.get('/api/admin/session', { cookie })).body).toEqual({ authenticated: true, email: ADMIN.email })
    clock.advance(12 * HOUR + 1000)
    expect((await s.get('/api/admin/session', { cookie })).body).toEqual({ authenticated: false })
    const fresh = await s.login()
    await s.request('POST', '/api/admin/logout', { cookie: fresh })
    expect((await s.get('/api/admin/session', { cookie: fresh })).body).toEqual({ authenticated: false })
  })

  test('leaves the contract alone: /api/admin/me still answers 401 without a session', async () => {
    expect((await s.get('/api/admin/me')).status).toBe(401)
  })

  test('answers only GET: a write to it is 404 or 405, never a change', async () => {
    const res = await s.request('POST', '/api/admin/session', { body: {}, headers: { origin: s.url } })
    expect([404, 405]).toContain(res.status)
  })
})
