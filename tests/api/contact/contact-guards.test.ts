// POST /api/contact's spam guards over real HTTP: the honeypot, the minimum fill time and the
// global cap on messages from all senders together (the per-IP limit is in contact.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { manualClock } from '#src/lib/clock'
import { createLogger } from '#src/lib/logger'
import { contact, freshIp, sendContact as send, storedWith as stored } from '#tests/support/data/contact'
import { startTestServer, type Reply, type TestServer } from '#tests/support/server/server'

const clock = manualClock()
let lines: Record<string, unknown>[] = []
let s: TestServer
let cookie: string

beforeAll(async () => {
  const log = createLogger('info', (line) => lines.push(JSON.parse(line)))
  s = await startTestServer({ env: { TRUST_PROXY: '1' }, clock, log })
  cookie = await s.login()
})
afterAll(() => s.close())

/** What a visitor sees of an answer: everything but the headers that differ per response. */
const seen = (res: Reply) => ({ status: res.status, body: res.text, type: res.headers.get('content-type') })
const dropped = () => lines.filter((l) => l.msg === 'contact message dropped')

describe('the honeypot', () => {
  test('a filled honeypot is answered exactly as a stored message, stores nothing and logs its reason only', async () => {
    const kept = await send(s, contact().payload)
    lines = []
    const { marker, payload } = contact({ website: 'https://spam.example/buy' })
    const res = await send(s, payload)
    expect(seen(res)).toEqual(seen(kept))
    expect(res.body).toEqual({ ok: true, message: 'Thanks! Your message is in.' })
    expect(await stored(s, cookie, marker)).toEqual([])
    expect(dropped()).toEqual([expect.objectContaining({ level: 'info', msg: 'contact message dropped', reason: 'honeypot' })])
    const logged = JSON.stringify(lines)
    for (const secret of [marker, 'spam.example', 'Ada Lovelace']) expect(logged).not.toContain(secret)
  })

  test.each([
    ['empty', ''],
    ['only spaces', '   '],
  ])('an %s honeypot is no sign of a bot: the message is stored', async (_what, website) => {
    const { marker, payload } = contact({ website })
    expect((await send(s, payload)).status).toBe(200)
    expect(await stored(s, cookie, marker)).toHaveLength(1)
  })

  test('a honeypot that is not text is invalid input, like any other bad field', async () => {
    const res = await send(s, contact({ website: 42 }).payload)
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['website'])
  })
})

describe('the minimum fill time', () => {
  const cases: [string, Record<string, unknown>, boolean][] = [
    ['a form sent after 0.4 s', { formMs: 400 }, false],
    ['a form sent after 2999 ms', { formMs: 2999 }, false],
    ['a form sent after exactly 3 s', { formMs: 3000 }, true],
    ['a form sent after a minute', { formMs: 60_000 }, true],
    ['a message without formMs (an API client)', {}, true],
  ]
  for (const [what, overrides, kept] of cases) {
    test(`${kept ? 'stores' : 'silently drops'} ${what}`, async () => {
      lines = []
      const { marker, payload } = contact(overrides)
      const res = await send(s, payload)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ ok: true, message: 'Thanks! Your message is in.' })
      const rows = await stored(s, cookie, marker)
      expect(rows).toHaveLength(kept ? 1 : 0)
      // The signals are checked, never stored.
      if (kept) expect(Object.keys(rows[0]!).sort()).toEqual(['archived', 'createdAt', 'email', 'id', 'message', 'meta', 'name', 'reason', 'visit'])
      expect(dropped().map((l) => l.reason)).toEqual(kept ? [] : ['too-fast'])
    })
  }

  test.each([
    ['negative', -1],
    ['fractional', 3000.5],
    ['string', '5000'],
  ])('rejects a %s formMs as invalid input', async (_what, formMs) => {
    const { marker, payload } = contact({ formMs })
    const res = await send(s, payload)
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(['formMs'])
    expect(await stored(s, cookie, marker)).toEqual([])
  })
})

describe('the global cap', () => {
  test('takes 30 messages in 10 minutes from all senders together, then answers 429 with Retry-After until the window ends', async () => {
    const capClock = manualClock()
    const capped = await startTestServer({ env: { TRUST_PROXY: '1' }, clock: capClock })
    try {
      const post = (body: unknown) => capped.request('POST', '/api/contact', { body, headers: { 'x-forwarded-for': freshIp() } })
      // Neither invalid forms nor dropped bots count: they are not messages for the inbox.
      const ignored = []
      for (const body of [{}, { name: 'A' }, contact({ website: 'x' }).payload, contact({ formMs: 10 }).payload]) ignored.push((await post(body)).status)
      expect(ignored).toEqual([400, 400, 200, 200])
      for (let i = 0; i < 30; i++) expect((await post(contact().payload)).status).toBe(200)
      capClock.advance(4 * 60 * 1000)
      const { marker, payload } = contact()
      const refused = await post(payload)
      expect(refused.status).toBe(429)
      expect(refused.headers.get('retry-after')).toBe('360')
      expect(refused.body).toEqual({ ok: false, error: 'Too many messages right now. Please try again later.' })
      const cookie = await capped.login()
      expect(await stored(capped, cookie, marker)).toEqual([])
      // A bot is still answered as ever: the cap tells it nothing either.
      expect((await post(contact({ website: 'x' }).payload)).status).toBe(200)
      capClock.advance(6 * 60 * 1000)
      const later = contact()
      expect((await post(later.payload)).status).toBe(200)
      expect(await stored(capped, cookie, later.marker)).toHaveLength(1)
    } finally {
      await capped.close()
    }
  })
})
