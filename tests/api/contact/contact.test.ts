// POST /api/contact over real HTTP: validation, cleaning, storage, client IP, rate limit, body rules (captcha: contact-captcha.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CONTACT_MESSAGES as M } from '#src/contract/contact'
import { manualClock } from '#src/lib/clock'
import { contact, freshIp, sendContact as send, storedWith as stored } from '#tests/support/data/contact'
import { startTestServer, type TestServer } from '#tests/support/server/server'

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
    ['any captcha token while the captcha is off', { hcaptchaToken: 'not-checked' }],
  ]
  for (const [what, overrides] of accepted) {
    test(`accepts ${what}`, async () => {
      const { marker, payload } = contact(overrides)
      expect((await send(s, payload)).status).toBe(200)
      expect(await stored(s, cookie, marker)).toHaveLength(1)
    })
  }
})

describe('storing a message', () => {
  test('answers with the thanks message and stores every field with its meta', async () => {
    const { marker, payload } = contact({ reason: 'resume' })
    // TRUST_PROXY=1 on this server: the right-most hop is the client.
    const res = await send(s, payload, { 'x-forwarded-for': '203.0.113.9, 192.0.2.10', 'user-agent': 'ContactTest/1.0' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true, message: 'Thanks! Your message is in.' })
    const [row, ...rest] = await stored(s, cookie, marker)
    expect(rest).toEqual([])
    expect(row).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'Ada Lovelace',
      email: payload.email,
      reason: 'resume',
      message: payload.message,
      archived: false,
      createdAt: clock.now().toISOString(),
      meta: { ip: '192.0.2.10', ua: 'ContactTest/1.0' },
      // A test client's user agent is a bot's: its visit is not counted, so none is recorded.
      visit: null,
    })
  })

  test('stores the cleaned name, email and message, not the raw input', async () => {
    const { marker } = contact()
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

  test('removes control characters from name and email (spec section 5: stripped, not spaces)', async () => {
    const { marker } = contact()
    const res = await send(s, { name: 'Ada\u0000Love\u0007lace', email: 'ada\u0001lovelace@exam\u001bple.test', message: `Hello, this is ${marker}.`, reason: 'general' })
    expect(res.status).toBe(200)
    const [row] = await stored(s, cookie, marker)
    expect(row).toMatchObject({ name: 'AdaLovelace', email: 'adalovelace@example.test' })
  })

  test('truncates the stored user agent to 512 characters', async () => {
    const { marker, payload } = contact()
    const ua = `Agent/${'u'.repeat(700)}`
    expect((await send(s, payload, { 'user-agent': ua })).status).toBe(200)
    const [row] = await stored(s, cookie, marker)
    expect(row!.meta.ua).toBe(ua.slice(0, 512))
  })
})

describe('client IP', () => {
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

describe('rate limit', () => {
  test('allows 5 attempts per IP in 10 minutes, valid or not, then answers 429 with Retry-After', async () => {
    const limitClock = manualClock()
    const limited = await startTestServer({ clock: limitClock })
    const other = await startTestServer()
    try {
      const post = (body: unknown) => limited.request('POST', '/api/contact', { body })
      const statuses = []
      for (const body of [contact().payload, { name: 'A' }, contact().payload, {}, contact().payload]) statuses.push((await post(body)).status)
      expect(statuses).toEqual([200, 400, 200, 400, 200])
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
