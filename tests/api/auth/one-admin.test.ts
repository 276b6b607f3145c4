// ADMIN_EMAIL/ADMIN_PASSWORD leave exactly one admin: another email replaces the old one (contract.md, First run).
import { expect, test } from 'bun:test'
import { Secret, TOTP } from 'otpauth'
import { SoftAuthenticator } from '#tests/support/data/soft-authenticator'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

const SITE = 'http://localhost:4000'
const currentCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() })

async function passkeySignIn(s: TestServer, auth: SoftAuthenticator) {
  const options = await s.request('POST', '/api/admin/login/passkey/options')
  return s.request('POST', '/api/admin/login/passkey', { body: { response: await auth.authenticate(options.body) } })
}

test('a start with another ADMIN_EMAIL replaces the admin and ends every session of the old one', async () => {
  const first = await startTestServer({ keepData: true })
  const oldCookie = await first.login()
  await first.close()

  const owner = { email: 'new-owner@example.com', password: 'the new owner passphrase' }
  const second = await startTestServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password } })
  try {
    expect((await second.get('/api/admin/me', { cookie: oldCookie })).status).toBe(401)
    expect((await second.request('POST', '/api/admin/login', { body: ADMIN })).status).toBe(401)
    const signedIn = await second.request('POST', '/api/admin/login', { body: owner })
    expect(signedIn.status).toBe(200)
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
    expect((await second.get('/api/admin/me', { cookie })).body).toEqual({ email: owner.email })
    expect(second.conn.sqlite.query('SELECT email FROM admins').all()).toEqual([{ email: owner.email }])
  } finally {
    await second.close()
  }
})

test('a start with the same ADMIN_EMAIL in another case keeps the one admin and its sessions', async () => {
  const first = await startTestServer({ keepData: true })
  const cookie = await first.login()
  await first.close()
  const second = await startTestServer({ dataDir: first.dataDir, env: { ADMIN_EMAIL: ADMIN.email.toUpperCase() } })
  try {
    expect((await second.get('/api/admin/me', { cookie })).status).toBe(200)
    expect(second.conn.sqlite.query('SELECT count(*) AS n FROM admins').get()).toEqual({ n: 1 })
  } finally {
    await second.close()
  }
})

test("a start with another ADMIN_EMAIL forgets the old admin's passkeys, second factor, recovery codes and password policy", async () => {
  const auth = new SoftAuthenticator({ origin: SITE })
  const first = await startTestServer({ keepData: true, env: { SITE_URL: SITE } })
  const cookie = await first.login()
  const options = await first.request('POST', '/api/admin/passkeys/options', { cookie })
  expect((await first.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'Old laptop', response: await auth.register(options.body) } })).status).toBe(201)
  const { secret } = (await first.request('POST', '/api/admin/totp/setup', { cookie })).body
  expect((await first.request('POST', '/api/admin/totp/enable', { cookie, body: { code: currentCode(secret) } })).status).toBe(200)
  expect((await first.request('PUT', '/api/admin/security/password-sign-in', { cookie, body: { enabled: false } })).status).toBe(200)
  expect((await passkeySignIn(first, auth)).status).toBe(200)
  await first.close()

  const owner = { email: 'new-owner@example.com', password: 'the new owner passphrase' }
  const second = await startTestServer({ dataDir: first.dataDir, env: { SITE_URL: SITE, ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password } })
  try {
    // The old passkey names no admin any more, so it signs nobody in.
    const old = await passkeySignIn(second, auth)
    expect(old.status).toBe(401)
    expect(old.headers.getSetCookie().some((c) => c.startsWith('folio_session='))).toBe(false)
    // The new owner's right password is enough: no code asked, password sign-in on.
    const signedIn = await second.request('POST', '/api/admin/login', { body: owner })
    expect(signedIn.status).toBe(200)
    const newCookie = signedIn.headers.get('set-cookie')!.split(';')[0]!
    const overview = (await second.get('/api/admin/security', { cookie: newCookie })).body
    expect(overview.passwordSignIn).toBe(true)
    expect(overview.totp).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 })
    expect(overview.passkeys).toEqual([])
    expect(second.conn.sqlite.query('SELECT (SELECT count(*) FROM passkeys) AS passkeys, (SELECT count(*) FROM recovery_codes) AS codes, (SELECT count(*) FROM admins WHERE totp_secret IS NOT NULL) AS secrets').get()).toEqual({ passkeys: 0, codes: 0, secrets: 0 })
  } finally {
    await second.close()
  }
})
