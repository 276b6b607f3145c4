// POST /api/contact with the captcha on, against a local fake of hCaptcha's siteverify.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { CAPTCHA_MESSAGES, CONTACT_MESSAGES as M } from '#src/contract/contact'
import { verifyCaptcha } from '#src/lib/captcha'
import { silentLogger } from '#src/lib/logger'
import { contact, sendContact as send, storedWith as stored } from '#tests/support/data/contact'
import { closedPortUrl, GOOD_TOKEN, startFakeHcaptcha, type FakeHcaptcha } from '#tests/support/server/fake-hcaptcha'
import { startTestServer, type TestServer } from '#tests/support/server/server'

describe('captcha', () => {
  let fake: FakeHcaptcha
  let guarded: TestServer
  let guardedCookie: string
  const SECRET = 'test-secret'
  const SITE_KEY = 'test-site-key'

  beforeAll(async () => {
    fake = startFakeHcaptcha()
    guarded = await startTestServer({ env: { TRUST_PROXY: '1', HCAPTCHA_SITEKEY: SITE_KEY, HCAPTCHA_SECRET: SECRET, HCAPTCHA_VERIFY_URL: fake.url } })
    guardedCookie = await guarded.login()
  })
  afterAll(async () => {
    await guarded.close()
    await fake.close()
  })
  beforeEach(() => fake.reset())

  test('requires a token and does not call the verifier without one', async () => {
    for (const hcaptchaToken of [undefined, '', '   ']) {
      const { marker, payload } = contact({ hcaptchaToken })
      const res = await send(guarded, payload)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ ok: false, error: 'Captcha is required.', details: [expect.objectContaining({ message: 'Captcha is required.', path: 'hcaptchaToken' })] })
      expect(await stored(guarded, guardedCookie, marker)).toEqual([])
    }
    expect(fake.calls).toEqual([])
  })

  test('validates the form before spending a verifier call on it', async () => {
    const res = await send(guarded, contact({ name: 'A', hcaptchaToken: GOOD_TOKEN }).payload)
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { message: string }) => d.message)).toEqual([M.nameLength])
    const both = await send(guarded, contact({ name: 'A' }).payload)
    expect(both.body.error).toBe('Invalid input.')
    expect(both.body.details.map((d: { message: string }) => d.message)).toEqual([M.nameLength, CAPTCHA_MESSAGES.required])
    expect(fake.calls).toEqual([])
  })

  test('stores the message when the verifier accepts the token, sending the form fields it expects', async () => {
    const { marker, payload } = contact({ hcaptchaToken: GOOD_TOKEN })
    const res = await send(guarded, payload, { 'x-forwarded-for': '198.51.100.20' })
    expect(res.status).toBe(200)
    expect(fake.calls).toEqual([
      { contentType: 'application/x-www-form-urlencoded', form: { secret: SECRET, response: GOOD_TOKEN, remoteip: '198.51.100.20', sitekey: SITE_KEY } },
    ])
    expect(await stored(guarded, guardedCookie, marker)).toHaveLength(1)
  })

  test('answers 400 and stores nothing when the verifier refuses the token', async () => {
    const { marker, payload } = contact({ hcaptchaToken: 'bad-token' })
    const res = await send(guarded, payload)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ ok: false, error: 'Captcha verification failed. Please try again.' })
    expect(fake.calls).toHaveLength(1)
    expect(await stored(guarded, guardedCookie, marker)).toEqual([])
  })

  const outages: [string, FakeHcaptcha['mode']][] = [
    ['answers 500', 'down'],
    ['answers with a body that is not JSON', 'garbage'],
  ]
  for (const [what, mode] of outages) {
    test(`answers 503 and stores nothing when the verifier ${what}`, async () => {
      fake.mode = mode
      const { marker, payload } = contact({ hcaptchaToken: GOOD_TOKEN })
      const res = await send(guarded, payload)
      expect(res.status).toBe(503)
      expect(res.body).toEqual({ ok: false, error: 'Captcha verification is unavailable right now. Please try again later.' })
      expect(fake.calls).toHaveLength(1)
      expect(await stored(guarded, guardedCookie, marker)).toEqual([])
    })
  }

  test('answers 503 and stores nothing when the verifier is unreachable', async () => {
    const orphan = await startTestServer({ env: { HCAPTCHA_SITEKEY: SITE_KEY, HCAPTCHA_SECRET: SECRET, HCAPTCHA_VERIFY_URL: await closedPortUrl() } })
    try {
      const { marker, payload } = contact({ hcaptchaToken: GOOD_TOKEN })
      const res = await orphan.request('POST', '/api/contact', { body: payload })
      expect(res.status).toBe(503)
      expect(res.body.error).toBe(CAPTCHA_MESSAGES.unavailable)
      expect(await stored(orphan, await orphan.login(), marker)).toEqual([])
    } finally {
      await orphan.close()
    }
  })

  test('gives up on a verifier slower than the time limit', async () => {
    fake.mode = 'slow'
    fake.slowMs = 2000
    const config = { siteKey: SITE_KEY, secret: SECRET, verifyUrl: fake.url }
    const started = performance.now()
    expect(await verifyCaptcha(config, GOOD_TOKEN, '192.0.2.1', silentLogger, 150)).toBe('unavailable')
    expect(performance.now() - started).toBeLessThan(1500)
    fake.mode = 'ok'
    expect(await verifyCaptcha(config, GOOD_TOKEN, '192.0.2.1', silentLogger, 150)).toBe('passed')
  })
})
