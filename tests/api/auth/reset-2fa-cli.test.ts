// `folio admin reset-2fa`, the rescue when the authenticator app is lost: on a stopped instance it
// removes the second factor, turns password sign-in back on and signs every session out, and keeps
// the passkeys.
import { expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { SECOND_FACTOR_MESSAGES } from '#src/contract/auth'
import { SoftAuthenticator } from '#tests/support/data/soft-authenticator'
import { runFolio } from '#tests/support/server/cli'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

const SITE = 'http://localhost:4000'
// No ADMIN_* variables on restart: the admin row is what the command left.
const RESTART = { SITE_URL: SITE, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }

const currentCode = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() })
const passwordSignIn = (s: TestServer) => s.request('POST', '/api/admin/login', { body: ADMIN })

async function passkeySignIn(s: TestServer, auth: SoftAuthenticator) {
  const options = await s.request('POST', '/api/admin/login/passkey/options')
  const res = await s.request('POST', '/api/admin/login/passkey', { body: { response: await auth.authenticate(options.body) } })
  expect(res.status).toBe(200)
  return res.headers.getSetCookie().find((c) => c.startsWith('folio_session='))!.split(';')[0]!
}

/** An admin with a passkey, TOTP on and password sign-in off, signed in twice; the server stopped. */
async function lockedDownInstance(auth: SoftAuthenticator) {
  const s = await startTestServer({ keepData: true, env: { SITE_URL: SITE } })
  try {
    const cookie = await s.login()
    const options = await s.request('POST', '/api/admin/passkeys/options', { cookie })
    const added = await s.request('POST', '/api/admin/passkeys', { cookie, body: { name: 'Laptop', response: await auth.register(options.body) } })
    expect(added.status).toBe(201)
    const { secret } = (await s.request('POST', '/api/admin/totp/setup', { cookie })).body
    expect((await s.request('POST', '/api/admin/totp/enable', { cookie, body: { code: currentCode(secret) } })).status).toBe(200)
    expect((await s.request('PUT', '/api/admin/security/password-sign-in', { cookie, body: { enabled: false } })).status).toBe(200)
    const passkeyCookie = await passkeySignIn(s, auth)
    const refused = await passwordSignIn(s)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe(SECOND_FACTOR_MESSAGES.passwordOff)
    return { dataDir: s.dataDir, cookies: [cookie, passkeyCookie], passkey: added.body }
  } finally {
    await s.close()
  }
}

test('reset-2fa lets the password sign in again with no code, signs every session out, and keeps the passkeys', async () => {
  const auth = new SoftAuthenticator({ origin: SITE })
  const before = await lockedDownInstance(auth)

  const reset = await runFolio(['admin', 'reset-2fa'], { env: { DATA_DIR: before.dataDir } })
  expect(reset.stderr).toBe('')
  expect(reset.code).toBe(0)
  expect(reset.stdout.split('\n')[0]).toBe(`second factor removed and password sign-in turned on for ${ADMIN.email}; 2 session(s) signed out`)

  const s = await startTestServer({ dataDir: before.dataDir, env: RESTART })
  try {
    for (const cookie of before.cookies) expect((await s.get('/api/admin/me', { cookie })).status).toBe(401)
    const res = await passwordSignIn(s)
    expect(res.status).toBe(200)
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('folio_session='))!.split(';')[0]!
    const overview = (await s.get('/api/admin/security', { cookie })).body
    expect(overview.passwordSignIn).toBe(true)
    expect(overview.totp).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 })
    expect(overview.passkeys.map(({ id, name }: { id: string; name: string }) => ({ id, name }))).toEqual([{ id: before.passkey.id, name: 'Laptop' }])
    expect(overview.sessions.map((x: { method: string }) => x.method)).toEqual(['password'])
    await passkeySignIn(s, auth)
  } finally {
    await s.close()
  }
})

test('reset-2fa with no admin yet fails, saying there is nothing to reset', async () => {
  const s = await startTestServer({ keepData: true, env: { ADMIN_EMAIL: '', ADMIN_PASSWORD: '' } })
  await s.close()
  try {
    const { code, stdout, stderr } = await runFolio(['admin', 'reset-2fa'], { env: { DATA_DIR: s.dataDir } })
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toContain('there is no admin yet: nothing to reset')
  } finally {
    rmSync(s.dataDir, { recursive: true, force: true })
  }
})
