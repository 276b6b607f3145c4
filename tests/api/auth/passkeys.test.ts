// Passkeys (issue 23): registering one, signing in with it, and the answers it must refuse. A
// software authenticator plays the browser; the relying party is SITE_URL's host.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ApiErrorBody } from '#src/contract/errors'
import { PASSKEY_CHALLENGE_STALE, SECOND_FACTOR_MESSAGES } from '#src/contract/auth'
import { manualClock } from '#src/lib/clock'
import { SoftAuthenticator } from '#tests/support/data/soft-authenticator'
import { ADMIN, startTestServer, type Reply, type TestServer } from '#tests/support/server/server'

const SITE = 'http://localhost:4000'
// One address per test through X-Forwarded-For: a refused answer counts against its address.
const ENV = { SITE_URL: SITE, TRUST_PROXY: '1' }
const EVIL = 'https://evil.example'
/** base64url of 'not-a-challenge-from-this-server'. */
const NEVER_ISSUED = 'bm90LWEtY2hhbGxlbmdlLWZyb20tdGhpcy1zZXJ2ZXI'
const REFUSED = { ok: false, error: 'That passkey could not sign you in. Try again, or use your password.' }
const STALE = { ok: false, error: PASSKEY_CHALLENGE_STALE, details: [{ message: PASSKEY_CHALLENGE_STALE, code: 'stale_challenge', path: 'response' }] }

const from = (ip: string) => ({ 'x-forwarded-for': ip })
const sessionCookieOf = (res: Reply) => res.headers.getSetCookie().find((c) => c.startsWith('folio_session='))?.split(';')[0]

async function registrationAnswer(s: TestServer, cookie: string, auth: SoftAuthenticator, overrides?: { origin?: string; challenge?: string }) {
  const options = await s.request('POST', '/api/admin/passkeys/options', { cookie })
  expect(options.status).toBe(200)
  return auth.register(options.body, overrides)
}

async function addPasskey(s: TestServer, cookie: string, auth: SoftAuthenticator, name = 'Laptop') {
  const response = await registrationAnswer(s, cookie, auth)
  return s.request('POST', '/api/admin/passkeys', { cookie, body: { name, response } })
}

async function signInAnswer(s: TestServer, auth: SoftAuthenticator, overrides?: { origin?: string; challenge?: string }) {
  const options = await s.request('POST', '/api/admin/login/passkey/options')
  expect(options.status).toBe(200)
  return auth.authenticate(options.body, overrides)
}

const postSignIn = (s: TestServer, ip: string, response: unknown) => s.request('POST', '/api/admin/login/passkey', { body: { response }, headers: from(ip) })
const security = async (s: TestServer, cookie: string) => (await s.get('/api/admin/security', { cookie })).body

describe('registering a passkey', () => {
  const clock = manualClock()
  const auth = new SoftAuthenticator({ origin: SITE })
  let s: TestServer
  let cookie: string
  beforeAll(async () => {
    s = await startTestServer({ clock, env: ENV })
    cookie = await s.login()
  })
  afterAll(() => s.close())

  test('the options name the site as relying party and the admin as user', async () => {
    const options = await s.request('POST', '/api/admin/passkeys/options', { cookie })
    expect(options.status).toBe(200)
    expect(options.headers.get('cache-control')).toBe('no-store')
    expect(options.body.rp.id).toBe('localhost')
    expect(options.body.user.name).toBe(ADMIN.email)
    expect(options.body.authenticatorSelection.residentKey).toBe('required')
  })

  test('stores the answer as a passkey (201) and lists it under security', async () => {
    const res = await addPasskey(s, cookie, auth, 'Laptop')
    expect(res.status).toBe(201)
    expect(res.body).toEqual({ id: auth.credentialIds[0], name: 'Laptop', createdAt: clock.now().toISOString(), lastUsedAt: null, backedUp: false, deviceType: 'singleDevice' })
    expect((await security(s, cookie)).passkeys).toEqual([res.body])
  })

  test('takes each registration challenge once: the same answer posted again is 400', async () => {
    const other = new SoftAuthenticator({ origin: SITE })
    const response = await registrationAnswer(s, cookie, other)
    expect((await s.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'Phone', response } })).status).toBe(201)
    const again = await s.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'Phone again', response } })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('The passkey request expired or was used already: add the passkey again.')
    expect((await security(s, cookie)).passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone'])
  })

  test('refuses an answer signed for another origin, or for a challenge never issued, with 400 and stores nothing', async () => {
    const before = (await security(s, cookie)).passkeys
    for (const overrides of [{ origin: EVIL }, { challenge: NEVER_ISSUED }]) {
      const stranger = new SoftAuthenticator({ origin: SITE })
      const response = await registrationAnswer(s, cookie, stranger, overrides)
      const res = await s.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'Stolen', response } })
      expect(res.status).toBe(400)
      expect(res.body.error).toStartWith('The passkey was not accepted')
    }
    expect((await security(s, cookie)).passkeys).toEqual(before)
  })

  test('refuses a passkey that does not verify its user (UV off) with 400 and stores nothing', async () => {
    const before = (await security(s, cookie)).passkeys
    const options = await s.request('POST', '/api/admin/passkeys/options', { cookie })
    expect(options.body.authenticatorSelection.userVerification).toBe('required')
    const response = await new SoftAuthenticator({ origin: SITE }).register(options.body, { userVerified: false })
    const res = await s.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'No PIN', response } })
    expect(res.status).toBe(400)
    expect(res.body.error).toStartWith('The passkey was not accepted')
    expect((await security(s, cookie)).passkeys).toEqual(before)
  })

  test('a registration challenge lasts 5 minutes', async () => {
    const late = new SoftAuthenticator({ origin: SITE })
    const response = await registrationAnswer(s, cookie, late)
    clock.advance(5 * 60_000 + 1000)
    expect((await s.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'Late', response } })).status).toBe(400)
  })

  test('renames and removes a passkey; an unknown id is 404 for both', async () => {
    const [first] = (await security(s, cookie)).passkeys
    const renamed = await s.request('PATCH', `/api/admin/passkeys/${first.id}`, { cookie, body: { name: '  Work laptop  ' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body).toEqual({ ...first, name: 'Work laptop' })
    expect((await s.request('PATCH', '/api/admin/passkeys/no-such-passkey', { cookie, body: { name: 'x' } })).status).toBe(404)
    expect((await s.request('DELETE', '/api/admin/passkeys/no-such-passkey', { cookie })).status).toBe(404)
    const removed = await s.request('DELETE', `/api/admin/passkeys/${first.id}`, { cookie })
    expect(removed.status).toBe(200)
    expect(removed.body).toEqual({ ok: true })
    expect((await security(s, cookie)).passkeys.map((p: { id: string }) => p.id)).not.toContain(first.id)
  })
})

describe('signing in with a passkey', () => {
  const clock = manualClock()
  const auth = new SoftAuthenticator({ origin: SITE })
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ clock, env: ENV })
    expect((await addPasskey(s, await s.login(), auth)).status).toBe(201)
  })
  afterAll(() => s.close())

  test('signs in with no email: the cookie works and the session is marked passkey', async () => {
    const res = await postSignIn(s, '198.51.100.1', await signInAnswer(s, auth))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true })
    const cookie = sessionCookieOf(res)!
    expect(cookie).toMatch(/^folio_session=[A-Za-z0-9_-]{43}$/)
    expect((await s.get('/api/admin/me', { cookie })).body).toEqual({ email: ADMIN.email })
    const overview = await security(s, cookie)
    expect(overview.sessions.find((x: { current: boolean }) => x.current).method).toBe('passkey')
    expect(overview.passkeys[0].lastUsedAt).toBe(clock.now().toISOString())
  })

  test('refuses the same answer posted a second time (replay) with 401 and no cookie', async () => {
    const response = await signInAnswer(s, auth)
    expect((await postSignIn(s, '198.51.100.2', response)).status).toBe(200)
    const replay = await postSignIn(s, '198.51.100.2', response)
    expect(replay.status).toBe(401)
    expect(replay.body).toEqual(REFUSED)
    expect(sessionCookieOf(replay)).toBeUndefined()
  })

  test('refuses an answer to a challenge the server never issued with 400, before looking at the passkey', async () => {
    const res = await postSignIn(s, '198.51.100.3', await signInAnswer(s, auth, { challenge: NEVER_ISSUED }))
    expect(res.status).toBe(400)
    expect(res.body).toEqual(STALE)
  })

  test('refuses an answer signed for another origin; only an answer that verifies spends a challenge', async () => {
    const options = await s.request('POST', '/api/admin/login/passkey/options')
    const res = await postSignIn(s, '198.51.100.4', await auth.authenticate(options.body, { origin: EVIL }))
    expect(res.status).toBe(401)
    expect(res.body).toEqual(REFUSED)
    // A stranger's failed answer cannot burn the owner's challenge.
    expect((await postSignIn(s, '198.51.100.4', await auth.authenticate(options.body))).status).toBe(200)
  })

  test('refuses a passkey that did not verify its user (UV off: no PIN, no biometric)', async () => {
    const res = await postSignIn(s, '198.51.100.8', await auth.authenticate((await s.request('POST', '/api/admin/login/passkey/options')).body, { userVerified: false }))
    expect(res.status).toBe(401)
    expect(res.body).toEqual(REFUSED)
    expect(sessionCookieOf(res)).toBeUndefined()
  })

  test('a challenge signs in once: a second passkey answering the same challenge is refused', async () => {
    const cookie = sessionCookieOf(await postSignIn(s, '198.51.100.7', await signInAnswer(s, auth)))!
    expect((await addPasskey(s, cookie, auth, 'Phone')).status).toBe(201)
    const [laptop, phone] = auth.credentialIds
    const options = await s.request('POST', '/api/admin/login/passkey/options')
    expect((await postSignIn(s, '198.51.100.7', await auth.authenticate(options.body, { credentialId: laptop }))).status).toBe(200)
    // The phone's counter is fresh, so only the spent challenge can refuse it.
    expect((await postSignIn(s, '198.51.100.7', await auth.authenticate(options.body, { credentialId: phone }))).status).toBe(401)
  })

  test('a sign-in challenge lasts 5 minutes; past that the answer is 400', async () => {
    const response = await signInAnswer(s, auth)
    clock.advance(5 * 60_000 + 1000)
    const res = await postSignIn(s, '198.51.100.5', response)
    expect(res.status).toBe(400)
    expect(res.body).toEqual(STALE)
  })

  test('an address whose answers keep failing waits like one guessing passwords; another address still gets in', async () => {
    const ip = '203.0.113.9'
    for (let i = 0; i < 4; i++) expect((await postSignIn(s, ip, await signInAnswer(s, auth, { origin: EVIL }))).status).toBe(401)
    const locked = await postSignIn(s, ip, await signInAnswer(s, auth))
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual({ ok: false, error: 'Too many failed sign-in attempts. Try again later.' })
    expect(Number(locked.headers.get('retry-after'))).toBe(600)
    // One count per address, whichever way it signs in.
    expect((await s.request('POST', '/api/admin/login', { body: ADMIN, headers: from(ip) })).status).toBe(429)
    expect((await postSignIn(s, '198.51.100.6', await signInAnswer(s, auth))).status).toBe(200)
  })
})

describe('challenges strangers cannot take away', () => {
  const auth = new SoftAuthenticator({ origin: SITE })
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ env: ENV })
    expect((await addPasskey(s, await s.login(), auth)).status).toBe(201)
  })
  afterAll(() => s.close())

  test("1,100 challenges asked for by strangers leave the owner's challenge good", async () => {
    const owner = await s.request('POST', '/api/admin/login/passkey/options')
    for (let batch = 0; batch < 22; batch++) {
      const answers = await Promise.all(Array.from({ length: 50 }, () => s.request('POST', '/api/admin/login/passkey/options')))
      expect(answers.every((a) => a.status === 200)).toBe(true)
    }
    expect((await postSignIn(s, '198.51.100.60', await auth.authenticate(owner.body))).status).toBe(200)
  })

  test("answers to challenges this server never made, forged or expired are 400 and never lock the owner's address out", async () => {
    const shared = '198.51.100.61'
    const options = (await s.request('POST', '/api/admin/login/passkey/options')).body
    // The owner's own challenge with one character changed: a forgery of the signature it carries.
    const forged = options.challenge.slice(0, -2) + (options.challenge.endsWith('AA') ? 'BA' : 'AA')
    for (let i = 0; i < 10; i++) {
      const res = await postSignIn(s, shared, await auth.authenticate(options, { challenge: i % 2 ? forged : NEVER_ISSUED }))
      expect(res.status).toBe(400)
      expect(res.body).toEqual(STALE)
    }
    expect((await postSignIn(s, shared, await auth.authenticate(options))).status).toBe(200)
  })
})

describe('password sign-in turned off', () => {
  const auth = new SoftAuthenticator({ origin: SITE })
  let s: TestServer
  let cookie: string
  beforeAll(async () => {
    s = await startTestServer({ env: ENV })
    cookie = await s.login()
  })
  afterAll(() => s.close())

  const setPasswordSignIn = (enabled: boolean) => s.request('PUT', '/api/admin/security/password-sign-in', { cookie, body: { enabled } })
  const passwordLogin = () => s.request('POST', '/api/admin/login', { body: ADMIN, headers: from('198.51.100.50') })

  test('is refused with 409 while there is no passkey, and allowed once there is one', async () => {
    const refused = await setPasswordSignIn(false)
    expect(refused.status).toBe(409)
    expect((await security(s, cookie)).passwordSignIn).toBe(true)
    expect((await passwordLogin()).status).toBe(200)

    expect((await addPasskey(s, cookie, auth)).status).toBe(201)
    const off = await setPasswordSignIn(false)
    expect(off.status).toBe(200)
    expect(off.body).toEqual({ passwordSignIn: false })
    expect((await security(s, cookie)).passwordSignIn).toBe(false)
  })

  test('then the right password is 403 saying to use a passkey, and a passkey still signs in', async () => {
    const res = await passwordLogin()
    expect(res.status).toBe(403)
    expect(res.body).toEqual({ ok: false, error: SECOND_FACTOR_MESSAGES.passwordOff })
    expect(sessionCookieOf(res)).toBeUndefined()
    expect((await postSignIn(s, '198.51.100.51', await signInAnswer(s, auth))).status).toBe(200)
  })

  test('then the last passkey cannot be removed (409)', async () => {
    const [only] = (await security(s, cookie)).passkeys
    expect((await s.request('DELETE', `/api/admin/passkeys/${only.id}`, { cookie })).status).toBe(409)
    expect((await security(s, cookie)).passkeys).toHaveLength(1)
  })

  test('turned back on, the password signs in again and the last passkey may go', async () => {
    expect((await setPasswordSignIn(true)).status).toBe(200)
    expect((await passwordLogin()).status).toBe(200)
    const [only] = (await security(s, cookie)).passkeys
    expect((await s.request('DELETE', `/api/admin/passkeys/${only.id}`, { cookie })).status).toBe(200)
  })
})

describe('the passkey routes at the admin boundary', () => {
  let s: TestServer
  let cookie: string
  beforeAll(async () => {
    s = await startTestServer({ env: ENV })
    cookie = await s.login()
  })
  afterAll(() => s.close())

  // Every row has its body (undefined for none): a shorter row would hand the test a done callback.
  const ROUTES: [string, string, unknown][] = [
    ['GET', '/api/admin/security', undefined],
    ['PUT', '/api/admin/security/password-sign-in', { enabled: false }],
    ['POST', '/api/admin/passkeys/options', {}],
    ['POST', '/api/admin/passkeys', {}],
    ['PATCH', '/api/admin/passkeys/some-id', { name: 'x' }],
    ['DELETE', '/api/admin/passkeys/some-id', undefined],
  ]
  const UNSAFE = ROUTES.filter(([method]) => method !== 'GET')

  test.each(ROUTES)('%s %s answers 401 when signed out', async (method, path, body) => {
    const res = await s.request(method, path, { body })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ ok: false, error: 'Not signed in.' })
  })

  const CROSS_SITE: Record<string, string>[] = [{ origin: EVIL }, { 'sec-fetch-site': 'cross-site' }]
  test.each(UNSAFE)('%s %s answers 403 to a cross-site request, even signed in', async (method, path, body) => {
    for (const headers of CROSS_SITE) {
      const res = await s.request(method, path, { cookie, body, headers })
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ ok: false, error: 'Cross-site requests are not allowed.' })
    }
  })

  test('passkey sign-in is refused cross-site too (login CSRF)', async () => {
    for (const headers of CROSS_SITE) {
      expect((await s.request('POST', '/api/admin/login/passkey/options', { headers })).status).toBe(403)
      expect((await s.request('POST', '/api/admin/login/passkey', { body: {}, headers })).status).toBe(403)
    }
  })

  test('a cross-site request changes nothing', async () => {
    expect((await s.request('PUT', '/api/admin/security/password-sign-in', { cookie, body: { enabled: false }, headers: { origin: EVIL } })).status).toBe(403)
    expect((await security(s, cookie)).passwordSignIn).toBe(true)
  })
})

describe('malformed passkey answers', () => {
  let s: TestServer
  let cookie: string
  let ip = 0
  beforeAll(async () => {
    s = await startTestServer({ env: ENV })
    cookie = await s.login()
  })
  afterAll(() => s.close())

  type Answer = { id: string; rawId: string; type: string; response: Record<string, string> }
  // Well-formed answers of nonsense bytes: each case below breaks exactly one thing in one of them.
  const answerFor = {
    signIn: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } },
    registration: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } },
  }
  const withData = (a: Answer, fields: Record<string, string>) => ({ ...a, response: { ...a.response, ...fields } })
  const big = 'A'.repeat(100_000)
  const json = (value: unknown) => JSON.stringify(value)
  type Body = (envelope: { name?: string }, answer: Answer) => string
  const CASES: [string, number, Body][] = [
    ['no response', 400, (e) => json(e)],
    ['a response that is a string', 400, (e) => json({ ...e, response: 'yes' })],
    ['a numeric id', 400, (e, a) => json({ ...e, response: { ...a, id: 42 } })],
    ['a type other than public-key', 400, (e, a) => json({ ...e, response: { ...a, type: 'password' } })],
    ['client data that is an object', 400, (e, a) => json({ ...e, response: { ...a, response: { ...a.response, clientDataJSON: { challenge: 'x' } } } })],
    ['an array body', 400, (e, a) => json([{ ...e, response: a }])],
    ['a null body', 400, () => 'null'],
    ['a NUL byte in the id', 400, (e, a) => json({ ...e, response: { ...a, id: 'AA\u0000AA' } })],
    ['a NUL byte in the client data', 400, (e, a) => json({ ...e, response: withData(a, { clientDataJSON: 'AA\u0000AA' }) })],
    ['a raw NUL byte in the JSON', 400, () => '{"response":\u0000}'],
    ['not JSON at all', 400, () => '{"response":'],
    ['a 9 KB client data, within the body limit', 400, (e, a) => json({ ...e, response: withData(a, { clientDataJSON: 'A'.repeat(9000) }) })],
    ['a 100 KB client data', 413, (e, a) => json({ ...e, response: withData(a, { clientDataJSON: big }) })],
    ['a 100 KB name', 413, (e, a) => json({ ...e, name: big, response: a })],
  ]

  /** A 400 must come from the shape check, not from a later step that happened to refuse the nonsense. */
  function expectRefusedAsMalformed(res: Reply, status: number) {
    expect(res.status).toBe(status)
    expect(ApiErrorBody.safeParse(res.body).success).toBe(true)
    if (status === 400) expect(['Invalid input.', 'Malformed JSON body.']).toContain(res.body.error)
  }

  test.each(CASES)('sign-in with %s is %d in the error shape', async (_, status, body) => {
    const raw = body({}, answerFor.signIn)
    expectRefusedAsMalformed(await s.request('POST', '/api/admin/login/passkey', { raw, headers: { 'content-type': 'application/json', ...from(`192.0.2.${++ip}`) } }), status)
  })

  test.each(CASES)('registration with %s is %d in the error shape', async (_, status, body) => {
    const raw = body({ name: 'Key' }, answerFor.registration)
    expectRefusedAsMalformed(await s.request('POST', '/api/admin/passkeys', { cookie, raw, headers: { 'content-type': 'application/json' } }), status)
  })

  test('an answer of the right shape but meaningless bytes is refused, not a server error', async () => {
    const garbage = [
      answerFor.signIn,
      withData(answerFor.signIn, { clientDataJSON: Buffer.from('{"challenge":42}').toString('base64url') }),
      withData(answerFor.signIn, { clientDataJSON: Buffer.from('not json').toString('base64url'), signature: '' }),
    ]
    for (const response of garbage) {
      const res = await s.request('POST', '/api/admin/login/passkey', { body: { response }, headers: from(`192.0.2.${++ip}`) })
      expect(res.status).toBe(400)
      expect(res.body).toEqual(STALE)
    }
    const options = await s.request('POST', '/api/admin/passkeys/options', { cookie })
    // Client data for the challenge just issued, and an attestation object of {fmt: 'none'} alone.
    const response = withData(answerFor.registration, { clientDataJSON: Buffer.from(json({ type: 'webauthn.create', challenge: options.body.challenge, origin: SITE })).toString('base64url'), attestationObject: 'oWNmbXRkbm9uZQ' })
    const res = await s.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'Broken', response } })
    expect(res.status).toBe(400)
    expect(res.body.error).toStartWith('The passkey was not accepted')
  })

  test('a passkey name keeps no control characters: refused with 400, or stored without them', async () => {
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    const CONTROL = /[\u0000-\u001f\u007f-\u009f]/
    const name = 'Work\u0000laptop\u0007'
    const auth = new SoftAuthenticator({ origin: SITE })
    const plain = await addPasskey(s, cookie, auth, 'Key')
    expect(plain.status).toBe(201)
    expect([200, 400]).toContain((await s.request('PATCH', `/api/admin/passkeys/${plain.body.id}`, { cookie, body: { name } })).status)
    expect([201, 400]).toContain((await addPasskey(s, cookie, auth, name)).status)
    for (const passkey of (await security(s, cookie)).passkeys) expect(passkey.name).not.toMatch(CONTROL)
  })

  test('a passkey name must be 1 to 60 characters', async () => {
    for (const name of ['', '   ', 'x'.repeat(61), 7]) {
      const res = await s.request('PATCH', '/api/admin/passkeys/some-id', { cookie, body: { name } })
      expect(res.status).toBe(400)
      expect(res.body.details[0].path).toBe('name')
    }
    expect((await s.request('PUT', '/api/admin/security/password-sign-in', { cookie, body: { enabled: 'no' } })).status).toBe(400)
  })
})
