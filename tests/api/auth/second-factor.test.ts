// The TOTP second factor (issue 23): enrolling it, signing in with a code or a recovery code, the
// codes' single use and throttling, and renewing or removing it. Codes are computed here, as an
// authenticator app would, on the server's manual clock.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { CODE_REQUIRED, SECOND_FACTOR_MESSAGES } from '#src/contract/auth'
import { manualClock } from '#src/lib/clock'
import { ADMIN, startTestServer, type Reply, type TestServer } from '#tests/support/server/server'

const SITE_NAME = 'Ada & Co'
const STEP_MS = 30_000
// One address per test through X-Forwarded-For, and a check budget that never runs out: wrong codes
// are counted per address, which is what these tests look at.
const ENV = { TRUST_PROXY: '1', SITE_NAME }
const LOOSE = { loginChecks: { perSecond: 1000, burst: 1000 } }
const WRONG_CODE = { ok: false, error: SECOND_FACTOR_MESSAGES.wrong, details: [{ message: SECOND_FACTOR_MESSAGES.wrong, code: 'invalid_code', path: 'code' }] }

const totp = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
/** Six digits that are no code of `secret` in the steps around `at` (the server takes one step either side). */
function notACode(secret: string, at: number): string {
  const valid = new Set([-1, 0, 1].map((d) => totp(secret).generate({ timestamp: at + d * STEP_MS })))
  let n = 123456
  while (valid.has(String(n))) n++
  return String(n)
}

const sessionCookieOf = (res: Reply) => res.headers.getSetCookie().find((c) => c.startsWith('folio_session='))?.split(';')[0]

type Enrolled = { s: TestServer; clock: ReturnType<typeof manualClock>; cookie: string; secret: string; recoveryCodes: string[] }

/** A server whose admin has enrolled TOTP, its clock one step past the enrolment's code. */
async function enrolledServer(): Promise<Enrolled> {
  const clock = manualClock()
  const s = await startTestServer({ clock, env: ENV, config: LOOSE })
  const cookie = await s.login()
  const { secret } = (await s.request('POST', '/api/admin/totp/setup', { cookie })).body
  const enabled = await s.request('POST', '/api/admin/totp/enable', { cookie, body: { code: totp(secret).generate({ timestamp: clock.now().getTime() }) } })
  expect(enabled.status).toBe(200)
  clock.advance(STEP_MS)
  return { s, clock, cookie, secret, recoveryCodes: enabled.body.recoveryCodes }
}

const signIn = (s: TestServer, ip: string, code?: string) => s.request('POST', '/api/admin/login', { body: code === undefined ? ADMIN : { ...ADMIN, code }, headers: { 'x-forwarded-for': ip } })
const security = async (s: TestServer, cookie: string) => (await s.get('/api/admin/security', { cookie })).body
const methodOf = async (s: TestServer, res: Reply) => (await security(s, sessionCookieOf(res)!)).sessions.find((x: { current: boolean }) => x.current).method

describe('enrolling', () => {
  const clock = manualClock()
  let s: TestServer
  let cookie: string
  let secret: string
  beforeAll(async () => {
    s = await startTestServer({ clock, env: ENV, config: LOOSE })
    cookie = await s.login()
  })
  afterAll(() => s.close())

  test('setup gives a secret, an otpauth URI naming the site and the admin, and a QR code as SVG', async () => {
    const res = await s.request('POST', '/api/admin/totp/setup', { cookie })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    secret = res.body.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const uri = new URL(res.body.uri)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(decodeURIComponent(uri.pathname)).toBe(`/${SITE_NAME}:${ADMIN.email}`)
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: SITE_NAME, algorithm: 'SHA1', digits: '6', period: '30' })
    expect(res.body.qrSvg).toStartWith('<svg')
    expect(res.body.qrSvg.trim()).toEndWith('</svg>')
    expect((await security(s, cookie)).totp).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 })
  })

  test('enabling with a wrong code is 400 and leaves the second factor off', async () => {
    const res = await s.request('POST', '/api/admin/totp/enable', { cookie, body: { code: notACode(secret, clock.now().getTime()) } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual(WRONG_CODE)
    expect((await s.request('POST', '/api/admin/totp/enable', { cookie, body: { code: 'abcdef' } })).status).toBe(400)
    expect((await security(s, cookie)).totp.enabled).toBe(false)
    expect((await signIn(s, '198.51.100.1')).status).toBe(200)
  })

  test('enabling with the right code turns it on and shows 10 distinct recovery codes; that code cannot sign in', async () => {
    const code = totp(secret).generate({ timestamp: clock.now().getTime() })
    const res = await s.request('POST', '/api/admin/totp/enable', { cookie, body: { code } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const codes: string[] = res.body.recoveryCodes
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    expect((await security(s, cookie)).totp).toEqual({ enabled: true, enabledAt: clock.now().toISOString(), recoveryCodesLeft: 10 })
    expect((await signIn(s, '198.51.100.2', code)).body).toEqual(WRONG_CODE)
  })

  test('setup while a second factor is on is 409', async () => {
    const res = await s.request('POST', '/api/admin/totp/setup', { cookie })
    expect(res.status).toBe(409)
    expect(res.body.ok).toBe(false)
  })
})

describe('signing in with a second factor', () => {
  let e: Enrolled
  const now = () => e.clock.now().getTime()
  const current = () => totp(e.secret).generate({ timestamp: now() })
  beforeAll(async () => {
    e = await enrolledServer()
  })
  afterAll(() => e.s.close())

  test('the right password without a code is 401 asking for the code, with no session', async () => {
    const res = await signIn(e.s, '198.51.100.10')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ ok: false, error: SECOND_FACTOR_MESSAGES.required, details: [{ message: SECOND_FACTOR_MESSAGES.required, code: CODE_REQUIRED, path: 'code' }] })
    expect(sessionCookieOf(res)).toBeUndefined()
  })

  test('being asked for the code is no failure: five in a row from one address, and the code still signs in', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await signIn(e.s, '198.51.100.11')
      expect(res.status).toBe(401)
      expect(res.body.details[0].code).toBe(CODE_REQUIRED)
    }
    e.clock.advance(STEP_MS)
    expect((await signIn(e.s, '198.51.100.11', current())).status).toBe(200)
  })

  test('the password and a current code sign in, and the session says password+totp', async () => {
    e.clock.advance(STEP_MS)
    const res = await signIn(e.s, '198.51.100.12', current())
    expect(res.status).toBe(200)
    expect(await methodOf(e.s, res)).toBe('password+totp')
  })

  test('a code is taken once: the same code again within its step is 401 invalid_code', async () => {
    e.clock.advance(STEP_MS)
    const code = current()
    expect((await signIn(e.s, '198.51.100.13', code)).status).toBe(200)
    e.clock.advance(STEP_MS / 2)
    const replay = await signIn(e.s, '198.51.100.13', code)
    expect(replay.status).toBe(401)
    expect(replay.body).toEqual(WRONG_CODE)
  })

  test('a code typed one step late still signs in; one from three steps ago does not', async () => {
    e.clock.advance(4 * STEP_MS)
    const stale = await signIn(e.s, '198.51.100.14', totp(e.secret).generate({ timestamp: now() - 3 * STEP_MS }))
    expect(stale.status).toBe(401)
    expect(stale.body).toEqual(WRONG_CODE)
    expect((await signIn(e.s, '198.51.100.14', totp(e.secret).generate({ timestamp: now() - STEP_MS }))).status).toBe(200)
  })

  test('a recovery code signs in once, as password+recovery, and one fewer is left', async () => {
    const [code] = e.recoveryCodes
    const res = await signIn(e.s, '198.51.100.15', code)
    expect(res.status).toBe(200)
    expect(await methodOf(e.s, res)).toBe('password+recovery')
    const again = await signIn(e.s, '198.51.100.15', code)
    expect(again.status).toBe(401)
    expect(again.body).toEqual(WRONG_CODE)
    expect((await security(e.s, e.cookie)).totp.recoveryCodesLeft).toBe(9)
  })

  test('two sign-ins racing with one code or one recovery code: exactly one gets in', async () => {
    e.clock.advance(STEP_MS)
    for (const code of [current(), e.recoveryCodes[2]!]) {
      const answers = await Promise.all(['198.51.100.30', '198.51.100.31', '198.51.100.32'].map((ip) => signIn(e.s, ip, code)))
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401])
    }
  })

  test('wrong codes are throttled like wrong passwords, while the owner at another address gets in', async () => {
    const ip = '203.0.113.20'
    // The earlier tests' wrong codes leave the account's window (10 in 15 minutes: wrong-codes.test.ts).
    e.clock.advance(15 * 60_000)
    for (let i = 0; i < 4; i++) {
      const res = await signIn(e.s, ip, notACode(e.secret, now()))
      expect(res.status).toBe(401)
      expect(res.body.details[0].code).toBe('invalid_code')
    }
    const locked = await signIn(e.s, ip, current())
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBe(600)
    expect((await signIn(e.s, '198.51.100.16', current())).status).toBe(200)
  })
})

describe('managing the second factor', () => {
  let e: Enrolled
  const current = () => totp(e.secret).generate({ timestamp: e.clock.now().getTime() })
  beforeAll(async () => {
    e = await enrolledServer()
  })
  afterAll(() => e.s.close())

  test('new recovery codes need a valid code, and void the old ones', async () => {
    const refused = await e.s.request('POST', '/api/admin/totp/recovery-codes', { cookie: e.cookie, body: { code: notACode(e.secret, e.clock.now().getTime()) } })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual(WRONG_CODE)

    const res = await e.s.request('POST', '/api/admin/totp/recovery-codes', { cookie: e.cookie, body: { code: current() } })
    expect(res.status).toBe(200)
    const fresh: string[] = res.body.recoveryCodes
    expect(new Set(fresh).size).toBe(10)
    expect(fresh.filter((c) => e.recoveryCodes.includes(c))).toEqual([])
    expect((await signIn(e.s, '198.51.100.20', e.recoveryCodes[1])).status).toBe(401)
    expect((await signIn(e.s, '198.51.100.20', fresh[0])).status).toBe(200)
    expect((await security(e.s, e.cookie)).totp.recoveryCodesLeft).toBe(9)
  })

  test('turning it off needs a valid code; then the password alone signs in', async () => {
    e.clock.advance(STEP_MS)
    const refused = await e.s.request('POST', '/api/admin/totp/disable', { cookie: e.cookie, body: { code: notACode(e.secret, e.clock.now().getTime()) } })
    expect(refused.status).toBe(400)
    expect((await security(e.s, e.cookie)).totp.enabled).toBe(true)

    const off = await e.s.request('POST', '/api/admin/totp/disable', { cookie: e.cookie, body: { code: current() } })
    expect(off.status).toBe(200)
    expect(off.body).toEqual({ ok: true })
    expect((await security(e.s, e.cookie)).totp).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 })
    const res = await signIn(e.s, '198.51.100.21')
    expect(res.status).toBe(200)
    expect(await methodOf(e.s, res)).toBe('password')
  })
})
