// Failed sign-ins are throttled per source (IPv4 address, IPv6 /64), never by locking the account.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { manualClock } from '#src/lib/clock'
import { GOOD_TOKEN, startFakeHcaptcha, type FakeHcaptcha } from '#tests/support/server/fake-hcaptcha'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

const WRONG = { email: ADMIN.email, password: 'not the password' }
const TARPIT_MS = 1000

// These tests make many wrong guesses a second on purpose; the budget that meters a flood of
// them has its own tests below.
const LOOSE = { loginChecks: { perSecond: 1000, burst: 1000 } }

const signIn = (s: TestServer, ip: string, body: object = ADMIN) => s.request('POST', '/api/admin/login', { body, headers: { 'x-forwarded-for': ip } })

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const result = await work()
  return [result, performance.now() - started]
}

describe('throttling by source', () => {
  const clock = manualClock()
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ clock, env: { TRUST_PROXY: '1' }, config: LOOSE })
  })
  afterAll(() => s.close())

  test('failures for the admin from other addresses never lock out a clean address', async () => {
    for (const ip of ['203.0.113.1', '203.0.113.2']) {
      for (let i = 0; i < 4; i++) expect((await signIn(s, ip, WRONG)).status).toBe(401)
      expect((await signIn(s, ip, WRONG)).status).toBe(429)
    }
    expect((await signIn(s, '198.51.100.7')).status).toBe(200)
  })

  test('a source gets 4 failures, then waits 10 minutes, doubling after each further failure', async () => {
    const ip = '203.0.113.50'
    for (let i = 0; i < 4; i++) expect((await signIn(s, ip, WRONG)).status).toBe(401)
    const locked = await signIn(s, ip)
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({ ok: false, error: 'Too many failed sign-in attempts. Try again later.' })
    expect(Number(locked.headers.get('retry-after'))).toBe(600)
    clock.advance(600_000)
    expect((await signIn(s, ip, WRONG)).status).toBe(401)
    expect(Number((await signIn(s, ip, WRONG)).headers.get('retry-after'))).toBe(1200)
  })

  test('IPv6 addresses of one /64 share a count, and an IPv4-mapped address counts as its IPv4', async () => {
    const wrongFrom = (ip: string, i: number) => signIn(s, ip, { email: `nobody${i}@example.com`, password: 'whatever it is' })
    const sameNet = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:DB8:1:2:0:0:0:3', '2001:db8:1:2:aaaa::4']
    for (const [i, ip] of sameNet.entries()) expect((await wrongFrom(ip, i)).status).toBe(401)
    expect((await wrongFrom('2001:db8:1:2:ffff:ffff:ffff:ffff', 9)).status).toBe(429)
    expect((await wrongFrom('2001:db8:1:3::1', 10)).status).toBe(401)
    expect((await wrongFrom('2001:db8::1:2:0:1', 11)).status).toBe(401)

    for (let i = 0; i < 4; i++) expect((await wrongFrom('::ffff:192.0.2.5', 20 + i)).status).toBe(401)
    expect((await wrongFrom('192.0.2.5', 30)).status).toBe(429)
  })

  test('30 parallel wrong sign-ins from one address reach the password check only 4 times', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => signIn(s, '192.0.2.77', WRONG)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((st) => st === 401)).toHaveLength(4)
    expect(statuses.filter((st) => st === 429)).toHaveLength(26)
  })
})

describe("the owner's known browser behind a shared address", () => {
  const clock = manualClock()
  let s: TestServer
  let device = ''
  const withDevice = (ip: string, body: object, cookie = device) => s.request('POST', '/api/admin/login', { body, headers: { 'x-forwarded-for': ip }, cookie })
  beforeAll(async () => {
    s = await startTestServer({ clock, env: { TRUST_PROXY: '1' }, config: LOOSE })
    device = (await signIn(s, '192.0.2.200')).headers.getSetCookie().find((c) => c.startsWith('folio_device='))!.split(';')[0]!
  })
  afterAll(() => s.close())

  test('wrong passwords from its address (a shared NAT, a proxy showing everyone as one address) never lock it out', async () => {
    const shared = '192.0.2.201'
    for (let i = 0; i < 5; i++) expect([401, 429]).toContain((await signIn(s, shared, WRONG)).status)
    expect((await signIn(s, shared)).status).toBe(429)
    expect((await withDevice(shared, ADMIN)).status).toBe(200)
  })

  test('its own wrong passwords are counted under the cookie: 4, then it waits like any source', async () => {
    for (let i = 0; i < 4; i++) expect((await withDevice('192.0.2.202', WRONG)).status).toBe(401)
    const locked = await withDevice('192.0.2.203', ADMIN)
    expect(locked.status).toBe(429)
    expect(Number(locked.headers.get('retry-after'))).toBe(600)
    // The address it used is not the one held: the same address without the cookie signs in.
    expect((await signIn(s, '192.0.2.202')).status).toBe(200)
  })
})

/** More than 10 wrong passwords for the admin within 15 minutes, one from each of 11 addresses. */
async function floodTheAccount(s: TestServer) {
  for (let i = 1; i <= 11; i++) expect((await signIn(s, `203.0.113.${i}`, WRONG)).status).toBe(401)
}

describe('an account under attack, captcha on', () => {
  let s: TestServer
  let fake: FakeHcaptcha
  beforeAll(async () => {
    fake = startFakeHcaptcha()
    s = await startTestServer({ env: { TRUST_PROXY: '1', HCAPTCHA_SITEKEY: 'site-key', HCAPTCHA_SECRET: 'secret', HCAPTCHA_VERIFY_URL: fake.url }, config: LOOSE })
    await floodTheAccount(s)
  })
  afterAll(async () => {
    await s.close()
    await fake.close()
  })

  test('a clean address with the right password gets in at once, with no captcha', async () => {
    const [res, ms] = await timed(() => signIn(s, '198.51.100.20'))
    expect(res.status).toBe(200)
    expect(ms).toBeLessThan(TARPIT_MS)
    expect(fake.calls).toHaveLength(0)
  })

  test('an address with failures on record must pass a captcha, after a short wait', async () => {
    const missing = await signIn(s, '203.0.113.1')
    expect(missing.status).toBe(400)
    expect(missing.body.ok).toBe(false)
    expect(missing.body.error).toBe('Captcha is required.')
    const refused = await signIn(s, '203.0.113.2', { ...ADMIN, hcaptchaToken: 'bad-token' })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('Captcha verification failed. Please try again.')
    const [ok, ms] = await timed(() => signIn(s, '203.0.113.3', { ...ADMIN, hcaptchaToken: GOOD_TOKEN }))
    expect(ok.status).toBe(200)
    expect(ms).toBeGreaterThanOrEqual(TARPIT_MS - 50)
  })
})

describe('an account under attack, captcha off', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ env: { TRUST_PROXY: '1' }, config: LOOSE })
    await floodTheAccount(s)
  })
  afterAll(() => s.close())

  test('an address with failures on record waits before its password is checked; a clean one does not', async () => {
    const [slowed, slowMs] = await timed(() => signIn(s, '203.0.113.4'))
    expect(slowed.status).toBe(200)
    expect(slowMs).toBeGreaterThanOrEqual(TARPIT_MS - 50)
    const [clean, cleanMs] = await timed(() => signIn(s, '198.51.100.30'))
    expect(clean.status).toBe(200)
    expect(cleanMs).toBeLessThan(TARPIT_MS)
  })
})

/** Wrong guesses from `n` fresh addresses at once, as a flood from a botnet would send them. */
const botnet = (s: TestServer, n: number, from = 1) => Promise.all(Array.from({ length: n }, (_, i) => signIn(s, `10.${from}.${i >> 8}.${i & 255}`, WRONG)))

describe('the check budget: a flood from fresh addresses, captcha off', () => {
  let s: TestServer
  let device = ''
  beforeAll(async () => {
    // The default burst of 8, refilled slowly enough that no token comes back while a test runs
    // (the refill itself: tests/unit/auth/hash-budget.test.ts).
    s = await startTestServer({ env: { TRUST_PROXY: '1' }, config: { loginChecks: { perSecond: 0.05, burst: 8 } } })
    // The owner's own browser, signed in before the flood: it keeps its known-device cookie.
    const first = await signIn(s, '198.51.100.1')
    device = first.headers.getSetCookie().find((c) => c.startsWith('folio_device='))!.split(';')[0]!
  })
  afterAll(() => s.close())

  test('at most 8 checks start at once; the rest answer 429 with Retry-After at once, not after a hash', async () => {
    const [answers, ms] = await timed(() => botnet(s, 40))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((st) => st === 401)).toHaveLength(8)
    const refused = answers.filter((a) => a.status === 429)
    expect(refused).toHaveLength(32)
    expect(refused[0]!.body).toEqual({ ok: false, error: 'Too many sign-in attempts at once. Try again shortly.' })
    expect(refused[0]!.headers.get('retry-after')).toBe('1')
    // 8 hashes at ~40 ms on two cores; 40 would take four times as long.
    expect(ms).toBeLessThan(2000)
  })

  test("the owner's known device signs in at once while the budget is spent; a new browser waits its turn", async () => {
    await botnet(s, 20, 2)
    expect((await signIn(s, '198.51.100.2')).status).toBe(429)
    const known = await s.request('POST', '/api/admin/login', { body: ADMIN, headers: { 'x-forwarded-for': '198.51.100.3' }, cookie: device })
    expect(known.status).toBe(200)
    const forged = await s.request('POST', '/api/admin/login', { body: ADMIN, headers: { 'x-forwarded-for': '198.51.100.4' }, cookie: device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })
    expect(forged.status).toBe(429)
  })
})

describe('the check budget, captcha on', () => {
  let s: TestServer
  let fake: FakeHcaptcha
  beforeAll(async () => {
    fake = await startFakeHcaptcha()
    s = await startTestServer({ env: { TRUST_PROXY: '1', HCAPTCHA_SITEKEY: 'site-key', HCAPTCHA_SECRET: 'secret', HCAPTCHA_VERIFY_URL: fake.url }, config: { loginChecks: { perSecond: 0.05, burst: 8 } } })
  })
  afterAll(() => (s.close(), fake.close()))

  test('past the budget a sign-in needs the captcha, and with it the owner gets in from a new browser', async () => {
    await botnet(s, 20)
    const asked = await signIn(s, '198.51.100.9')
    expect(asked.status).toBe(400)
    expect(asked.body.error).toBe('Captcha is required.')
    expect((await signIn(s, '198.51.100.9', { ...ADMIN, hcaptchaToken: GOOD_TOKEN })).status).toBe(200)
  })
})

test('a refusal goes out after half a second, so a flood holds its own connections, not the server', async () => {
  const s = await startTestServer({ env: { TRUST_PROXY: '1' }, config: { loginChecks: { perSecond: 0.05, burst: 1 } } })
  try {
    expect((await signIn(s, '10.9.0.1', WRONG)).status).toBe(401)
    const [refused, ms] = await timed(() => signIn(s, '10.9.0.2', WRONG))
    expect(refused.status).toBe(429)
    expect(ms).toBeGreaterThanOrEqual(490)
  } finally {
    s.close()
  }
})
