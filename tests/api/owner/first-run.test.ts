// The first run (contract "First run"): with no admin and no ADMIN_* variables the start logs one
// setup address; POST /api/admin/setup turns its token into the admin and a session, once.
import { afterEach, describe, expect, test } from 'bun:test'
import { setupTokens } from '#db/schema'
import { DAY, manualClock } from '#src/lib/clock'
import { createLogger } from '#src/lib/logger'
import { issueSetupToken, MAX_LIVE_TOKENS } from '#src/features/setup/service'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

const NO_ADMIN = { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }
const OWNER = { email: 'Owner@Example.com', password: 'a first-run passphrase' }
const ADDRESS = /(https?:\/\/[^\s"]+\/admin\/setup\?token=([^\s"&]+))/

let servers: TestServer[] = []
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()))
  servers = []
})

/** A server with no admin, its log lines (at the default level, info) and its clock. */
async function firstRun(env: Record<string, string> = {}) {
  const lines: string[] = []
  const clock = manualClock()
  const s = await startTestServer({ env: { ...NO_ADMIN, ...env }, log: createLogger('info', (line) => lines.push(line)), clock })
  servers.push(s)
  const setupLines = lines.filter((l) => ADDRESS.test(l))
  const token = setupLines[0] ? ADDRESS.exec(setupLines[0])![2]! : ''
  return { s, lines, setupLines, token, clock }
}

/** A setup request from its own address (TRUST_PROXY=1), so the throttle of one test is its own. */
const setup = (s: TestServer, body: unknown, from = '198.51.100.1') => s.request('POST', '/api/admin/setup', { body, headers: { 'x-forwarded-for': from } })

describe('the start-up line', () => {
  test('a start with no admin logs one line that says what to do, with a token of 32+ URL-safe characters', async () => {
    const { setupLines, token } = await firstRun({ SITE_URL: 'https://folio.example' })
    expect(setupLines).toHaveLength(1)
    const line = JSON.parse(setupLines[0]!)
    expect(line.level).toBe('warn')
    expect(line.msg).toStartWith('No admin yet: open https://folio.example/admin/setup?token=')
    expect(line.msg).toContain('to create one (valid 24 hours), or run `folio admin set-password --email')
    expect(token).toMatch(/^[A-Za-z0-9_-]{32,}$/)
  })

  test('only a hash of the token is stored', async () => {
    const { s, token } = await firstRun()
    const rows = s.conn.db.select().from(setupTokens).all()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('with ADMIN_EMAIL and ADMIN_PASSWORD set no setup line is logged, and setup answers 409', async () => {
    const lines: string[] = []
    const s = await startTestServer({ log: createLogger('info', (line) => lines.push(line)) })
    servers.push(s)
    expect(lines.filter((l) => l.includes('/admin/setup'))).toEqual([])
    expect((await s.get('/api/admin/setup')).body).toEqual({ adminExists: true })
    expect((await setup(s, { token: 'x'.repeat(43), ...OWNER })).status).toBe(409)
    expect(s.conn.sqlite.query('SELECT email FROM admins').all()).toEqual([{ email: ADMIN.email }])
  })
})

describe('POST /api/admin/setup', () => {
  test('creates the admin with the logged token, signs it in with the login cookie, and then answers 409', async () => {
    const { s, token } = await firstRun({ TRUST_PROXY: '1' })
    expect((await s.get('/api/admin/setup')).body).toEqual({ adminExists: false })

    const created = await setup(s, { token, ...OWNER })
    expect(created.status).toBe(201)
    expect(created.body).toEqual({ ok: true })
    const setCookie = created.headers.get('set-cookie')!
    expect(setCookie).toMatch(/^folio_session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/)
    const cookie = setCookie.split(';')[0]!
    expect((await s.get('/api/admin/me', { cookie })).body).toEqual({ email: 'owner@example.com' })

    expect((await s.get('/api/admin/setup')).body).toEqual({ adminExists: true })
    expect(s.conn.db.select().from(setupTokens).all()).toEqual([])
    const again = await setup(s, { token, email: 'other@example.com', password: 'another passphrase' })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ ok: false, error: expect.stringContaining('already exists') })
    // The new admin signs in like any admin.
    expect((await s.request('POST', '/api/admin/login', { body: { email: 'owner@example.com', password: OWNER.password } })).status).toBe(200)
  })

  test('a wrong token is 403; past four from one address the address waits (429), others do not', async () => {
    const { s, token } = await firstRun({ TRUST_PROXY: '1' })
    for (let i = 0; i < 4; i++) {
      const res = await setup(s, { token: `${'w'.repeat(42)}${i}`, ...OWNER }, '203.0.113.7')
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ ok: false, error: expect.stringContaining('folio admin setup-link') })
    }
    const locked = await setup(s, { token, ...OWNER }, '203.0.113.7')
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await setup(s, { token, ...OWNER }, '203.0.113.8')).status).toBe(201)
  })

  test('an expired token is 403', async () => {
    const { s, token, clock } = await firstRun({ TRUST_PROXY: '1' })
    clock.advance(DAY + 1000)
    const res = await setup(s, { token, ...OWNER })
    expect(res.status).toBe(403)
    expect((await s.get('/api/admin/setup')).body).toEqual({ adminExists: false })
  })

  test('a token a day old less a minute still works', async () => {
    const { s, token, clock } = await firstRun({ TRUST_PROXY: '1' })
    clock.advance(DAY - 60_000)
    expect((await setup(s, { token, ...OWNER })).status).toBe(201)
  })

  const long = 'x'.repeat(10_000)
  test.each([
    ['a password of 11 characters', { password: 'elevenchars' }, 'password'],
    ['a password with NUL', { password: 'twelve chars\u0000ok' }, 'password'],
    ['a password of 10,000 characters', { password: long }, 'password'],
    ['an email without @', { email: 'owner.example.com' }, 'email'],
    ['an email with NUL', { email: 'owner\u0000@example.com' }, 'email'],
    ['an email of 10,000 characters', { email: `${long}@example.com` }, 'email'],
    ['a token of 10,000 characters', { token: long }, 'token'],
    ['a numeric token', { token: 42 }, 'token'],
    ['no email', { email: undefined }, 'email'],
  ])('%s is 400 with details', async (_name, change, path) => {
    const { s, token } = await firstRun({ TRUST_PROXY: '1' })
    const res = await setup(s, { token, ...OWNER, ...change })
    expect(res.status).toBe(400)
    expect(res.body.ok).toBe(false)
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path)
    expect((await s.get('/api/admin/setup')).body).toEqual({ adminExists: false })
  })

  test('bodies that are not the payload are 400, 413 or 415, never 500', async () => {
    const { s } = await firstRun()
    const post = (raw: string, type = 'application/json') => s.request('POST', '/api/admin/setup', { raw, headers: { 'content-type': type } })
    for (const raw of ['[]', '42', 'null', '"text"', '{"token":', '{}', '{"token":"\\u0000","email":"\\ud800@x.y","password":"\\u0000"}']) {
      expect((await post(raw)).status).toBe(400)
    }
    expect((await post('token=x', 'application/x-www-form-urlencoded')).status).toBe(415)
    expect((await post(JSON.stringify({ token: 'x'.repeat(100_000) }))).status).toBe(413)
  })

  test('is refused from another origin (403) before anything else', async () => {
    const { s, token } = await firstRun()
    const res = await s.request('POST', '/api/admin/setup', { body: { token, ...OWNER }, headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ ok: false, error: 'Cross-site requests are not allowed.' })
    expect((await s.get('/api/admin/setup')).body).toEqual({ adminExists: false })
  })

  test('parallel setups, with one token or two, leave exactly one admin', async () => {
    const { s, token, clock } = await firstRun({ TRUST_PROXY: '1' })
    const second = issueSetupToken(s.conn.db, clock).token
    const tries = Array.from({ length: 6 }, (_, i) => setup(s, { token: i % 2 ? second : token, email: `owner${i}@example.com`, password: 'a first-run passphrase' }))
    const statuses = (await Promise.all(tries)).map((r) => r.status).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409])
    expect(s.conn.sqlite.query('SELECT count(*) AS n FROM admins').get()).toEqual({ n: 1 })
    expect(s.conn.db.select().from(setupTokens).all()).toEqual([])
  })
})

describe('setup addresses', () => {
  test('a restart logs a fresh address; the earlier one keeps working within its day', async () => {
    const first = await startTestServer({ env: NO_ADMIN, keepData: true })
    await first.close()
    const lines: string[] = []
    const s = await startTestServer({ env: { ...NO_ADMIN, TRUST_PROXY: '1' }, dataDir: first.dataDir, log: createLogger('info', (l) => lines.push(l)) })
    servers.push(s)
    expect(lines.filter((l) => ADDRESS.test(l))).toHaveLength(1)
    expect(s.conn.db.select().from(setupTokens).all()).toHaveLength(2)
  })

  test(`at most ${MAX_LIVE_TOKENS} live addresses are kept, and expired ones are dropped`, async () => {
    const { s, clock } = await firstRun()
    for (let i = 0; i < MAX_LIVE_TOKENS + 5; i++) {
      clock.advance(1000)
      issueSetupToken(s.conn.db, clock)
    }
    expect(s.conn.db.select().from(setupTokens).all()).toHaveLength(MAX_LIVE_TOKENS)
    clock.advance(DAY)
    issueSetupToken(s.conn.db, clock)
    expect(s.conn.db.select().from(setupTokens).all()).toHaveLength(1)
  })
})
