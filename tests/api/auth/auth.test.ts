import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { HOUR, manualClock } from '#src/lib/clock'
import { sha256 } from '#src/lib/tokens'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

describe('admin sign-in', () => {
  const clock = manualClock()
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ clock })
  })
  afterAll(() => s.close())

  test('sets the contract cookie on success and /me names the admin', async () => {
    const res = await s.request('POST', '/api/admin/login', { body: ADMIN })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true })
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^folio_session=[A-Za-z0-9_-]{43};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Path=/')
    expect(cookie).toContain('Max-Age=43200')
    expect(cookie).not.toContain('Secure')
    const me = await s.get('/api/admin/me', { cookie: cookie.split(';')[0] })
    expect(me.status).toBe(200)
    expect(me.body).toEqual({ email: ADMIN.email })
  })

  test('accepts the email in any case and with surrounding spaces', async () => {
    const res = await s.request('POST', '/api/admin/login', { body: { email: `  ${ADMIN.email.toUpperCase()} `, password: ADMIN.password } })
    expect(res.status).toBe(200)
  })

  test('stores only a hash of the session token', async () => {
    const cookie = await s.login()
    const token = cookie.split('=')[1]!
    const db = new Database(join(s.dataDir, 'folio.db'), { readonly: true })
    const rows = db.query('SELECT token_hash FROM sessions').all() as { token_hash: string }[]
    db.close()
    expect(rows.some((r) => r.token_hash === sha256(token))).toBe(true)
    expect(rows.some((r) => r.token_hash === token)).toBe(false)
  })

  test('hashes passwords with argon2id at 12 MiB and 3 passes (OWASP), so a hash never needs 64 MiB', async () => {
    const row = s.conn.sqlite.query('SELECT password_hash AS hash FROM admins').get() as { hash: string }
    expect(row.hash).toStartWith('$argon2id$v=19$m=12288,t=3,p=1$')
  })

  test('signs in against a hash made with other parameters, and stores it anew with the current ones', async () => {
    const old = await Bun.password.hash(ADMIN.password, { algorithm: 'argon2id', memoryCost: 65536, timeCost: 2 })
    s.conn.sqlite.run('UPDATE admins SET password_hash = ?', [old])
    expect((await s.request('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200)
    const row = s.conn.sqlite.query('SELECT password_hash AS hash FROM admins').get() as { hash: string }
    expect(row.hash).toStartWith('$argon2id$v=19$m=12288,t=3,p=1$')
    expect((await s.request('POST', '/api/admin/login', { body: ADMIN })).status).toBe(200)
  })

  test('issues a fresh token at every login', async () => {
    expect(await s.login()).not.toBe(await s.login())
  })

  test('answers 401 with "Invalid credentials" for a wrong password or an unknown email', async () => {
    for (const body of [{ ...ADMIN, password: 'wrong password' }, { email: 'nobody@example.com', password: 'whatever it is' }]) {
      const res = await s.request('POST', '/api/admin/login', { body, headers: { 'x-forwarded-for': '9.9.9.9' } })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ ok: false, error: 'Invalid credentials' })
      expect(res.headers.get('set-cookie')).toBeNull()
    }
  })

  test('requires both email and password', async () => {
    const res = await s.request('POST', '/api/admin/login', { body: {} })
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { message: string }) => d.message)).toEqual(['Email is required.', 'Password is required.'])
  })

  test('logout ends the session on the server', async () => {
    const cookie = await s.login()
    const out = await s.request('POST', '/api/admin/logout', { cookie })
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ ok: true })
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0')
    expect((await s.get('/api/admin/me', { cookie })).status).toBe(401)
  })

  test('a session expires 12 hours after login, enforced by the server', async () => {
    const cookie = await s.login()
    clock.advance(12 * HOUR - 1000)
    expect((await s.get('/api/admin/me', { cookie })).status).toBe(200)
    clock.advance(1000)
    const me = await s.get('/api/admin/me', { cookie })
    expect(me.status).toBe(401)
    expect(me.body).toEqual({ ok: false, error: 'Not signed in.' })
  })

  test('a forged or missing cookie is 401', async () => {
    expect((await s.get('/api/admin/me')).status).toBe(401)
    expect((await s.get('/api/admin/me', { cookie: 'folio_session=forged' })).status).toBe(401)
  })
})

describe('login throttling', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer()
  })
  afterAll(() => s.close())

  test('after 4 failures the address waits with 429 and Retry-After, even with the right password', async () => {
    const wrong = { email: ADMIN.email, password: 'not the password' }
    for (let i = 0; i < 4; i++) {
      expect((await s.request('POST', '/api/admin/login', { body: wrong })).status).toBe(401)
    }
    const locked = await s.request('POST', '/api/admin/login', { body: ADMIN })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(599)
    expect(locked.body.ok).toBe(false)
  })
})

describe('secure cookie under https', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ env: { SITE_URL: 'https://folio.example' } })
  })
  afterAll(() => s.close())

  test('uses the __Host- prefix and Secure when SITE_URL is https', async () => {
    const res = await s.request('POST', '/api/admin/login', { body: ADMIN })
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toMatch(/^__Host-folio_session=/)
    expect(cookie).toContain('; Secure')
    expect((await s.get('/api/admin/me', { cookie: cookie.split(';')[0] })).status).toBe(200)
  })
})
