// Re-authentication (decision 063): a session changes a sign-in method only within 10 minutes of
// proving it is the owner (its sign-in, or POST /api/admin/reauth with the password and code, or a
// passkey); in-session codes are throttled per session; each change is logged and announced.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { CODE_REQUIRED, PASSKEY_CHALLENGE_STALE, REAUTH_MESSAGES, REAUTH_REQUIRED } from '#src/contract/auth'
import { manualClock } from '#src/lib/clock'
import { createLogger } from '#src/lib/logger'
import { SoftAuthenticator } from '#tests/support/data/soft-authenticator'
import { ADMIN, startTestServer } from '#tests/support/server/server'
import { startWebhookSink, until, type WebhookSink } from '#tests/support/server/webhook-sink'

const SITE = 'http://localhost:4000'
const STEP_MS = 30_000
const LATER = 10 * 60_000 + 1000
const REQUIRED = { ok: false, error: REAUTH_MESSAGES.required, details: [{ message: REAUTH_MESSAGES.required, code: REAUTH_REQUIRED }] }

type Log = { level: string; msg: string; change?: string }

/** A server whose admin has a passkey and TOTP on, signed in at the clock's start. */
async function securedServer(hook?: WebhookSink) {
  const clock = manualClock()
  const lines: Log[] = []
  const auth = new SoftAuthenticator({ origin: SITE })
  const s = await startTestServer({ clock, env: { SITE_URL: SITE, ...(hook ? { NOTIFY_WEBHOOK_URL: hook.url } : {}) }, log: createLogger('warn', (l) => lines.push(JSON.parse(l))) })
  const cookie = await s.login()
  const options = await s.request('POST', '/api/admin/passkeys/options', { cookie })
  expect((await s.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'Laptop', response: await auth.register(options.body) } })).status).toBe(201)
  const { secret } = (await s.request('POST', '/api/admin/totp/setup', { cookie })).body
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
  const code = () => totp.generate({ timestamp: clock.now().getTime() })
  const enabled = await s.request('POST', '/api/admin/totp/enable', { cookie, body: { code: code() } })
  expect(enabled.status).toBe(200)
  clock.advance(STEP_MS)
  return { s, clock, cookie, auth, code, lines, passkeyId: auth.credentialIds[0]!, recoveryCodes: enabled.body.recoveryCodes as string[] }
}

describe('a session that has not proved itself for 10 minutes', () => {
  let e: Awaited<ReturnType<typeof securedServer>>
  beforeAll(async () => {
    e = await securedServer()
    e.clock.advance(LATER)
  })
  afterAll(() => e.s.close())

  const CHANGES: [string, string, () => unknown][] = [
    ['PUT', '/api/admin/security/password-sign-in', () => ({ enabled: false })],
    ['POST', '/api/admin/passkeys/options', () => undefined],
    ['POST', '/api/admin/passkeys', () => ({ name: 'Stolen', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } } })],
    ['DELETE', '/api/admin/passkeys/:id', () => undefined],
    ['POST', '/api/admin/totp/setup', () => undefined],
    ['POST', '/api/admin/totp/enable', () => ({ code: '123456' })],
    ['POST', '/api/admin/totp/disable', () => ({ code: e.code() })],
    ['POST', '/api/admin/totp/recovery-codes', () => ({ code: e.code() })],
  ]

  test.each(CHANGES)('%s %s answers 403 reauth_required and changes nothing', async (method, path, body) => {
    const before = (await e.s.get('/api/admin/security', { cookie: e.cookie })).body
    const res = await e.s.request(method, path.replace(':id', e.passkeyId), { cookie: e.cookie, body: body() })
    expect(res.status).toBe(403)
    expect(res.body).toEqual(REQUIRED)
    expect((await e.s.get('/api/admin/security', { cookie: e.cookie })).body).toEqual(before)
  })

  test('reading the overview, renaming a passkey and signing out the other sessions still work', async () => {
    expect((await e.s.get('/api/admin/security', { cookie: e.cookie })).status).toBe(200)
    expect((await e.s.request('PATCH', `/api/admin/passkeys/${e.passkeyId}`, { cookie: e.cookie, body: { name: 'Work laptop' } })).status).toBe(200)
    expect((await e.s.request('DELETE', '/api/admin/sessions/others', { cookie: e.cookie })).status).toBe(200)
  })
})

describe('re-authenticating', () => {
  let e: Awaited<ReturnType<typeof securedServer>>
  const reauth = (body: unknown) => e.s.request('POST', '/api/admin/reauth', { cookie: e.cookie, body })
  const turnPasswordOff = () => e.s.request('PUT', '/api/admin/security/password-sign-in', { cookie: e.cookie, body: { enabled: false } })
  beforeAll(async () => {
    e = await securedServer()
  })
  afterAll(() => e.s.close())

  test('a fresh sign-in counts: the first 10 minutes need no extra step', async () => {
    const cookie = await (async () => {
      e.clock.advance(STEP_MS)
      const res = await e.s.request('POST', '/api/admin/login', { body: { ...ADMIN, code: e.code() } })
      return res.headers.getSetCookie()[0]!.split(';')[0]!
    })()
    e.clock.advance(9 * 60_000)
    expect((await e.s.request('POST', '/api/admin/passkeys/options', { cookie })).status).toBe(200)
  })

  test('with the password and a code the change goes through, for 10 minutes', async () => {
    e.clock.advance(LATER)
    expect((await turnPasswordOff()).status).toBe(403)
    const noCode = await reauth({ password: ADMIN.password })
    expect(noCode.status).toBe(400)
    expect(noCode.body.details[0]).toMatchObject({ code: CODE_REQUIRED, path: 'code' })
    const wrongPassword = await reauth({ password: 'not the password', code: e.code() })
    expect(wrongPassword.status).toBe(400)
    expect(wrongPassword.body.details[0]).toMatchObject({ code: 'invalid_password', path: 'password' })
    const ok = await reauth({ password: ADMIN.password, code: e.code() })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
    expect(ok.body).toEqual({ reauthenticatedUntil: new Date(e.clock.now().getTime() + 10 * 60_000).toISOString() })
    expect((await turnPasswordOff()).status).toBe(200)
    e.clock.advance(LATER)
    expect((await e.s.request('PUT', '/api/admin/security/password-sign-in', { cookie: e.cookie, body: { enabled: true } })).status).toBe(403)
  })

  test('the code typed for a change, then again to confirm it is you, still makes the change once', async () => {
    e.clock.advance(LATER)
    const code = e.code()
    const renew = () => e.s.request('POST', '/api/admin/totp/recovery-codes', { cookie: e.cookie, body: { code } })
    expect((await renew()).status).toBe(403)
    expect((await reauth({ password: ADMIN.password, code })).status).toBe(200)
    expect((await renew()).status).toBe(200)
    // Once: as any code, it does not work a third time.
    expect((await renew()).status).toBe(400)
  })

  test('with a passkey that verifies its user the change goes through; others are 400, never 401', async () => {
    e.clock.advance(LATER)
    const options = await e.s.request('POST', '/api/admin/reauth/passkey/options', { cookie: e.cookie })
    expect(options.status).toBe(200)
    expect(options.body.userVerification).toBe('required')
    expect(options.body.allowCredentials.map((c: { id: string }) => c.id)).toEqual([e.passkeyId])
    const answer = (overrides = {}) => e.auth.authenticate(options.body, overrides)
    const post = async (response: unknown) => e.s.request('POST', '/api/admin/reauth/passkey', { cookie: e.cookie, body: { response } })
    const noUv = await post(await answer({ userVerified: false }))
    expect(noUv.status).toBe(400)
    expect(noUv.body.details[0].code).toBe('passkey_refused')
    const stale = await post(await answer({ challenge: 'bm90LWEtY2hhbGxlbmdlLWZyb20tdGhpcy1zZXJ2ZXI' }))
    expect(stale.status).toBe(400)
    expect(stale.body.error).toBe(PASSKEY_CHALLENGE_STALE)
    expect((await post(await answer())).status).toBe(200)
    expect((await e.s.request('PUT', '/api/admin/security/password-sign-in', { cookie: e.cookie, body: { enabled: true } })).status).toBe(200)
  })
})

describe('codes and passwords guessed from inside a session', () => {
  let e: Awaited<ReturnType<typeof securedServer>>
  beforeAll(async () => {
    e = await securedServer()
  })
  afterAll(() => e.s.close())

  test('300 wrong codes to turn the second factor off or renew the recovery codes: 4 are checked, the rest wait', async () => {
    const statuses: number[] = []
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => e.s.request('POST', i % 2 ? '/api/admin/totp/disable' : '/api/admin/totp/recovery-codes', { cookie: e.cookie, body: { code: String(100000 + batch * 50 + i) } })),
      )
      statuses.push(...answers.map((a) => a.status))
    }
    expect(statuses.filter((st) => st === 400)).toHaveLength(4)
    expect(statuses.filter((st) => st === 429)).toHaveLength(296)
    // The right code waits too, and so does a re-authentication from the same session.
    const locked = await e.s.request('POST', '/api/admin/totp/disable', { cookie: e.cookie, body: { code: e.code() } })
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBe(600)
    expect((await e.s.request('POST', '/api/admin/reauth', { cookie: e.cookie, body: { password: ADMIN.password, code: e.code() } })).status).toBe(429)
    expect((await e.s.get('/api/admin/security', { cookie: e.cookie })).body.totp.enabled).toBe(true)
  })

  test('another session of the owner is not held by them', async () => {
    e.clock.advance(STEP_MS)
    const res = await e.s.request('POST', '/api/admin/login', { body: { ...ADMIN, code: e.code() } })
    const cookie = res.headers.getSetCookie()[0]!.split(';')[0]!
    e.clock.advance(STEP_MS)
    expect((await e.s.request('POST', '/api/admin/totp/recovery-codes', { cookie, body: { code: e.code() } })).status).toBe(200)
  })
})

describe('telling the owner', () => {
  let hook: WebhookSink
  let e: Awaited<ReturnType<typeof securedServer>>
  beforeAll(async () => {
    hook = startWebhookSink()
    e = await securedServer(hook)
  })
  afterAll(async () => {
    await e.s.close()
    await hook.close()
  })

  test('each change is a warn line and one notice through the outbox, in plain words', async () => {
    const notices = () => hook.delivered().filter((c) => (c.json as { type?: string }).type === 'security.notice')
    await until(() => notices().length === 2, 'the notices of the passkey added and the app turned on')
    const texts = () => notices().map((c) => (c.json as { notice: { text: string } }).notice.text.split('\n')[0])
    expect(texts()).toEqual(['A passkey “Laptop” was added.', 'An authenticator app was turned on: signing in with the password now also asks for its code.'])
    expect(e.lines.filter((l) => l.msg === 'sign-in methods changed').map((l) => l.change)).toEqual(texts())

    expect((await e.s.request('DELETE', `/api/admin/passkeys/${e.passkeyId}`, { cookie: e.cookie })).status).toBe(200)
    await until(() => notices().length === 3, 'the removal notice')
    const last = notices()[2]!
    expect(last.headers.get('idempotency-key')).toBe((last.json as { notice: { id: string } }).notice.id)
    expect((last.json as { notice: { text: string } }).notice.text).toStartWith('The passkey “Laptop” was removed.\n')
    expect(e.lines.filter((l) => l.msg === 'sign-in methods changed')).toHaveLength(3)
  })
})
