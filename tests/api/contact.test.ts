// POST /api/contact over real HTTP: validation, cleaning, storage, captcha, client IP, rate limit, body rules.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test'
import { CAPTCHA_MESSAGES, CONTACT_MESSAGES as M, type ContactMessage } from '../../src/contract/contact'
import { verifyCaptcha } from '../../src/features/contact/captcha'
import { manualClock } from '../../src/lib/clock'
import { silentLogger } from '../../src/lib/logger'
import { closedPortUrl, GOOD_TOKEN, startFakeHcaptcha, type FakeHcaptcha } from '../support/fake-hcaptcha'
import { startTestServer, type TestServer } from '../support/server'

let n = 0
/** A valid payload whose message carries a unique marker, so a test can find its own row. */
function contact(overrides: Record<string, unknown> = {}) {
  const marker = `marker-${Date.now()}-${++n}`
  return { marker, payload: { name: 'Ada Lovelace', email: 'ada@example.com', reason: 'general', message: `Hello, this is ${marker}.`, ...overrides } }
}

let ipCount = 0
/** A fresh client address per request, so tests on a TRUST_PROXY server never meet the rate limit. */
const freshIp = () => `10.1.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`

const send = (s: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  s.request('POST', '/api/contact', { body, headers: { 'x-forwarded-for': freshIp(), ...headers } })

async function stored(s: TestServer, cookie: string, marker: string): Promise<ContactMessage[]> {
  const res = await s.get(`/api/admin/messages?status=all&search=${encodeURIComponent(marker)}`, { cookie })
  expect(res.status).toBe(200)
  return res.body.items
}

const clock = manualClock()
let s: TestServer
let cookie: string

beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: '1' }, clock })
  cookie = await s.login()
})
afterAll(() => s.close())

describe('validation', () => {
  const cases: [string, Record<string, unknown>, { message: string; path: string }[]][] = [
    ['a one-character name', { name: 'A' }, [{ message: M.nameLength, path: 'name' }]],
    ['a 61-character name', { name: 'a'.repeat(61) }, [{ message: M.nameLength, path: 'name' }]],
    ['a name with markup', { name: 'Ada <b>' }, [{ message: M.nameChars, path: 'name' }]],
    ['a name that is too long and has invalid characters', { name: '#'.repeat(61) }, [{ message: M.nameLength, path: 'name' }, { message: M.nameChars, path: 'name' }]],
    ['a name of only control characters and spaces', { name: ' \u0000 \u0007\t ' }, [{ message: M.nameLength, path: 'name' }]],
    ['a missing name', { name: undefined }, [{ message: M.nameLength, path: 'name' }]],
    ['a name that is not a string', { name: 42 }, [{ message: M.nameLength, path: 'name' }]],
    ['an email without @', { email: 'not-an-email' }, [{ message: M.email, path: 'email' }]],
    ['an email without a top-level domain', { email: 'ada@example' }, [{ message: M.email, path: 'email' }]],
    ['an email with a space inside', { email: 'ada lovelace@example.com' }, [{ message: M.email, path: 'email' }]],
    ['an email longer than 200 characters', { email: `${'a'.repeat(190)}@example.com` }, [{ message: M.email, path: 'email' }]],
    ['a message shorter than 10 characters', { message: 'Too short' }, [{ message: M.messageShort, path: 'message' }]],
    ['a message that is only long enough with its padding', { message: '    short     ' }, [{ message: M.messageShort, path: 'message' }]],
    ['a message longer than 5000 characters', { message: 'x'.repeat(5001) }, [{ message: M.messageLong, path: 'message' }]],
    ['an unknown reason', { reason: 'spam' }, [{ message: M.reason, path: 'reason' }]],
    ['a missing reason', { reason: undefined }, [{ message: M.reason, path: 'reason' }]],
  ]

  for (const [what, overrides, expected] of cases) {
    test(`rejects ${what} with the spec message`, async () => {
      const { marker, payload } = contact(overrides)
      const res = await send(s, payload)
      expect(res.status).toBe(400)
      expect(res.body.ok).toBe(false)
      expect(res.body.error).toBe('Invalid input.')
      expect(res.body.details.map((d: { message: string; path: string }) => ({ message: d.message, path: d.path }))).toEqual(expected)
      for (const d of res.body.details) expect(typeof d.code).toBe('string')
      expect(await stored(s, cookie, marker)).toEqual([])
    })
  }

  test('reports every failing field at once for an empty body', async () => {
    const res = await send(s, {})
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { message: string }) => d.message)).toEqual([M.nameLength, M.email, M.messageShort, M.reason])
  })

  test('rejects a JSON body that is not an object', async () => {
    const res = await send(s, ['Ada', 'ada@example.com'])
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, error: 'Invalid input.' })
  })

  const accepted: [string, Record<string, unknown>][] = [
    ['a two-character name', { name: 'Al' }],
    ['a 60-character name', { name: 'a'.repeat(60) }],
    ["a name with accents, digits and . , ' -", { name: "Zoë O'Brien-Smith, Jr. 3rd" }],
    ['a message of exactly 10 characters', { message: '0123456789' }],
    ['a message of exactly 5000 characters', { message: 'y'.repeat(5000) }],
    ['the reason collaboration', { reason: 'collaboration' }],
    ['the reason resume', { reason: 'resume' }],
  ]
  for (const [what, overrides] of accepted) {
    test(`accepts ${what}`, async () => {
      const res = await send(s, contact(overrides).payload)
      expect(res.status).toBe(200)
    })
  }
})

describe('storing a message', () => {
  test('answers with the thanks message and stores every field with its meta', async () => {
    const { marker, payload } = contact({ reason: 'resume' })
    const res = await send(s, payload, { 'x-forwarded-for': '192.0.2.10', 'user-agent': 'ContactTest/1.0' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true, message: 'Thanks! Your message is in.' })
    const [row, ...rest] = await stored(s, cookie, marker)
    expect(rest).toEqual([])
    expect(row).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      reason: 'resume',
      message: payload.message,
      archived: false,
      createdAt: clock.now().toISOString(),
      meta: { ip: '192.0.2.10', ua: 'ContactTest/1.0' },
    })
  })

  test('stores the cleaned name, email and message, not the raw input', async () => {
    const marker = `clean-${++n}`
    const res = await send(s, {
      name: '  Ada\u0000\t  Lovelace \n',
      email: '\u0007 ada@example.com\r\n',
      message: `\n\n  First line ${marker}.\n\n   Second   line.  \n`,
      reason: 'general',
    })
    expect(res.status).toBe(200)
    const [row] = await stored(s, cookie, marker)
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', message: `First line ${marker}.\n\n   Second   line.` })
  })

  test('truncates the stored user agent to 512 characters', async () => {
    const { marker, payload } = contact()
    const ua = `Agent/${'u'.repeat(700)}`
    expect((await send(s, payload, { 'user-agent': ua })).status).toBe(200)
    const [row] = await stored(s, cookie, marker)
    expect(row!.meta.ua).toBe(ua.slice(0, 512))
  })

  test('ignores a captcha token when the captcha is off', async () => {
    const { marker, payload } = contact({ hcaptchaToken: 'whatever' })
    expect((await send(s, payload)).status).toBe(200)
    expect(await stored(s, cookie, marker)).toHaveLength(1)
  })
})

describe('client IP', () => {
  test('records the right-most X-Forwarded-For hop when TRUST_PROXY=1', async () => {
    const { marker, payload } = contact()
    expect((await send(s, payload, { 'x-forwarded-for': '203.0.113.9, 198.51.100.77' })).status).toBe(200)
    const [row] = await stored(s, cookie, marker)
    expect(row!.meta.ip).toBe('198.51.100.77')
  })

  test('ignores X-Forwarded-For and records the socket address without TRUST_PROXY', async () => {
    const plain = await startTestServer()
    try {
      const { marker, payload } = contact()
      expect((await plain.request('POST', '/api/contact', { body: payload, headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200)
      const [row] = await stored(plain, await plain.login(), marker)
      expect(row!.meta.ip).toBe('127.0.0.1')
    } finally {
      await plain.close()
    }
  })
})

describe('body rules', () => {
  test('refuses a form-encoded body with 415 and stores nothing', async () => {
    const { marker } = contact()
    const res = await s.request('POST', '/api/contact', {
      raw: new URLSearchParams({ name: 'Ada Lovelace', email: 'ada@example.com', reason: 'general', message: `Hi from ${marker}` }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
    })
    expect(res.status).toBe(415)
    expect(res.body.ok).toBe(false)
    expect(await stored(s, cookie, marker)).toEqual([])
  })

  test('refuses a body over 32 KB with 413', async () => {
    const res = await send(s, contact({ message: 'z'.repeat(33 * 1024) }).payload)
    expect(res.status).toBe(413)
    expect(res.body.ok).toBe(false)
  })

  test('refuses malformed JSON with 400', async () => {
    const res = await s.request('POST', '/api/contact', { raw: '{"name": "Ada", ', headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp() } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ ok: false, error: 'Malformed JSON body.' })
  })
})

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

describe('rate limit', () => {
  test('allows 5 attempts per IP in 10 minutes, valid or not, then answers 429 with Retry-After', async () => {
    const limitClock = manualClock()
    const limited = await startTestServer({ clock: limitClock })
    const other = await startTestServer()
    try {
      const post = (body: unknown) => limited.request('POST', '/api/contact', { body })
      for (const body of [contact().payload, { name: 'A' }, contact().payload, {}, contact().payload]) expect((await post(body)).status).not.toBe(429)
      limitClock.advance(4 * 60 * 1000)
      const { marker, payload } = contact()
      const refused = await post(payload)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('360')
      expect(refused.body).toEqual({ ok: false, error: expect.any(String) })
      expect(await stored(limited, await limited.login(), marker)).toEqual([])
      // Each app instance keeps its own counts: another server still takes this IP.
      expect((await other.request('POST', '/api/contact', { body: contact().payload })).status).toBe(200)
      limitClock.advance(6 * 60 * 1000)
      expect((await post(contact().payload)).status).toBe(200)
    } finally {
      await limited.close()
      await other.close()
    }
  })

  test('counts each client IP separately behind a trusted proxy', async () => {
    const from = (ip: string) => s.request('POST', '/api/contact', { body: contact().payload, headers: { 'x-forwarded-for': ip } })
    for (let i = 0; i < 5; i++) expect((await from('192.0.2.200')).status).toBe(200)
    expect((await from('192.0.2.200')).status).toBe(429)
    expect((await from('192.0.2.201')).status).toBe(200)
  })
})
