// Wrong second-factor codes at sign-in (decision 063): past 10 in 15 minutes for the account, from
// however many addresses, no code is checked until the window passes (the owner's known browser
// excepted); the right password with a wrong code is logged every time and announced once a window.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { SECOND_FACTOR_MESSAGES } from '#src/contract/auth'
import { manualClock } from '#src/lib/clock'
import { createLogger } from '#src/lib/logger'
import { ADMIN, startTestServer, type Reply, type TestServer } from '#tests/support/server/server'
import { startWebhookSink, until, type WebhookSink } from '#tests/support/server/webhook-sink'

const STEP_MS = 30_000
const WINDOW_MS = 15 * 60_000
// A check budget that never runs out: these tests count codes, not password checks.
const LOOSE = { loginChecks: { perSecond: 1000, burst: 1000 } }

type Log = { level: string; msg: string; source?: string }

async function enrolledServer(hook: WebhookSink) {
  const clock = manualClock()
  const lines: Log[] = []
  const s = await startTestServer({ clock, env: { TRUST_PROXY: '1', NOTIFY_WEBHOOK_URL: hook.url }, config: LOOSE, log: createLogger('warn', (l) => lines.push(JSON.parse(l))) })
  const first = await s.request('POST', '/api/admin/login', { body: ADMIN, headers: { 'x-forwarded-for': '198.51.100.99' } })
  const cookie = first.headers.getSetCookie().find((c) => c.startsWith('folio_session='))!.split(';')[0]!
  // The owner's own browser keeps this one.
  const device = first.headers.getSetCookie().find((c) => c.startsWith('folio_device='))!.split(';')[0]!
  const { secret } = (await s.request('POST', '/api/admin/totp/setup', { cookie })).body
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
  const code = () => totp.generate({ timestamp: clock.now().getTime() })
  expect((await s.request('POST', '/api/admin/totp/enable', { cookie, body: { code: code() } })).status).toBe(200)
  clock.advance(STEP_MS)
  const valid = () => new Set([-1, 0, 1].map((d) => totp.generate({ timestamp: clock.now().getTime() + d * STEP_MS })))
  const wrong = () => ['111111', '222222', '333333', '444444'].find((c) => !valid().has(c))!
  return { s, clock, code, wrong, device, lines }
}

const signIn = (s: TestServer, ip: string, code: string, cookie?: string) => s.request('POST', '/api/admin/login', { body: { ...ADMIN, code }, headers: { 'x-forwarded-for': ip }, cookie })

describe('the account ceiling on wrong codes', () => {
  let hook: WebhookSink
  let e: Awaited<ReturnType<typeof enrolledServer>>
  beforeAll(async () => {
    hook = startWebhookSink()
    e = await enrolledServer(hook)
  })
  afterAll(async () => {
    await e.s.close()
    await hook.close()
  })

  test('10 wrong codes from 10 addresses: then no code is checked, not even the right one, until 15 minutes have passed', async () => {
    for (let i = 1; i <= 10; i++) {
      const res = await signIn(e.s, `203.0.113.${i}`, e.wrong())
      expect(res.status).toBe(401)
      expect(res.body.details[0].code).toBe('invalid_code')
    }
    const paused: Reply = await signIn(e.s, '198.51.100.7', e.code())
    expect(paused.status).toBe(429)
    expect(paused.body).toEqual({ ok: false, error: SECOND_FACTOR_MESSAGES.paused })
    expect(Number(paused.headers.get('retry-after'))).toBe(WINDOW_MS / 1000)
    // The refusal is no failure of the address: it is not locked afterwards.
    e.clock.advance(WINDOW_MS)
    expect((await signIn(e.s, '198.51.100.7', e.code())).status).toBe(200)
  })

  test("the owner's known browser is not held by the ceiling", async () => {
    e.clock.advance(STEP_MS)
    for (let i = 11; i <= 20; i++) expect((await signIn(e.s, `203.0.113.${i}`, e.wrong())).status).toBe(401)
    expect((await signIn(e.s, '198.51.100.8', e.code())).status).toBe(429)
    expect((await signIn(e.s, '198.51.100.8', e.code(), e.device)).status).toBe(200)
  })

  test('each wrong code after the right password is a warn line; the owner is told once per 15 minutes', async () => {
    const warned = () => e.lines.filter((l) => l.msg === 'sign-in with the right password and a wrong code')
    expect(warned()).toHaveLength(20)
    expect(warned()[0]!.source).toBe('203.0.113.1')
    const notices = () => hook.delivered().filter((c) => (c.json as { type?: string }).type === 'security.notice' && (c.json as { notice: { text: string } }).notice.text.includes('wrong authenticator code'))
    // One for each window the 20 wrong codes fell in (the first ten, then the next ten 15 minutes on).
    await until(() => notices().length === 2, 'two wrong-code notices')
    await Bun.sleep(100)
    expect(notices()).toHaveLength(2)
    expect((notices()[0]!.json as { notice: { subject: string } }).notice.subject).toBe('Right password, wrong code on localhost')
  })
})
