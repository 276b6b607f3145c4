// One person's messages by address over real HTTP: the JSON export (right of access) and the
// erasure (right to erasure), matched in any case, and nobody else's messages touched.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ContactMessage } from '#src/contract/contact'
import { manualClock } from '#src/lib/clock'
import { contact, sendContact, storedWith } from '#tests/support/data/contact'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const EXPORT = '/api/admin/messages/export'
const ERASE = '/api/admin/messages/erase'

const clock = manualClock()
let s: TestServer
let cookie: string

beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: '1' }, clock })
  cookie = await s.login()
})
afterAll(() => s.close())

/** Sends one message from `email` a minute after the previous one; returns it as stored. */
async function from(email: string, headers: Record<string, string> = {}): Promise<ContactMessage> {
  clock.advance(60_000)
  const { marker, payload } = contact({ email })
  expect((await sendContact(s, payload, headers)).status).toBe(200)
  const [row] = await storedWith(s, cookie, marker)
  return row!
}

const exported = (email: string, auth: string | null = cookie) => s.get(`${EXPORT}?email=${encodeURIComponent(email)}`, { cookie: auth })
const erase = (body: unknown, auth: string | null = cookie, headers: Record<string, string> = {}) => s.request('POST', ERASE, { body, cookie: auth, headers })
const ids = (items: ContactMessage[]) => items.map((m) => m.id)

describe('export', () => {
  test("downloads every message of the address, any case and any status, oldest first, with every stored field", async () => {
    const first = await from('Erin.Export@Mail.example', { 'user-agent': 'ExportTest/1.0', 'x-forwarded-for': '198.51.100.7' })
    const second = await from('erin.export@mail.example')
    const third = await from('ERIN.EXPORT@MAIL.EXAMPLE')
    await s.request('PATCH', `/api/admin/messages/${third.id}/archive`, { body: { archived: true }, cookie })
    await from('x-erin.export@mail.example')
    await from('erin.export@mail.example.org')

    const res = await exported(' erin.EXPORT@mail.EXAMPLE ')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('application/json')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="messages-erin.export@mail.example.json"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body).toEqual({ email: 'erin.EXPORT@mail.EXAMPLE', exportedAt: clock.now().toISOString(), items: [first, second, { ...third, archived: true }] })
    expect(res.body.items[0]).toEqual({
      id: first.id,
      name: 'Ada Lovelace',
      email: 'Erin.Export@Mail.example',
      reason: 'general',
      message: first.message,
      archived: false,
      createdAt: first.createdAt,
      meta: { ip: '198.51.100.7', ua: 'ExportTest/1.0' },
      // A test client's user agent is a bot's: no counted visit to record.
      visit: null,
    })
  })

  test('matches letters beyond ASCII in any case too', async () => {
    const upper = await from('ÖRJAN@Mail.example')
    const lower = await from('örjan@mail.example')
    expect(ids((await exported('Örjan@MAIL.example')).body.items)).toEqual([upper.id, lower.id])
  })

  test('an address with no messages gives an empty export', async () => {
    const res = await exported('nobody.here@mail.example')
    expect(res.status).toBe(200)
    expect(res.body.items).toEqual([])
  })
})

describe('erasure', () => {
  test('erases every message of the address in any case and answers how many; other senders keep theirs', async () => {
    const mine = [await from('Erin.Erase@Mail.example'), await from('erin.erase@mail.example')]
    const others = [await from('x-erin.erase@mail.example'), await from('erin.erase@mail.example.org'), await from('someone.else@mail.example')]
    const res = await erase({ email: '  ERIN.erase@MAIL.example ' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true, erased: 2 })
    expect((await exported('erin.erase@mail.example')).body.items).toEqual([])
    for (const m of mine) expect(await storedWith(s, cookie, m.message)).toEqual([])
    for (const m of others) expect(await storedWith(s, cookie, m.message)).toEqual([m])
    // Nothing left: a second erasure erases nothing and says so.
    expect((await erase({ email: 'erin.erase@mail.example' })).body).toEqual({ ok: true, erased: 0 })
  })

  test.each([
    ['no email', {}],
    ['an address without @', { email: 'not-an-address' }],
    ['an email that is not text', { email: 42 }],
  ])('rejects %s with 400 and the field in details', async (_what, body) => {
    const res = await erase(body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, error: 'Invalid input.', details: [{ path: 'email', message: 'Please enter a valid email.' }] })
  })

  test('the export rejects a missing or malformed address with 400 too', async () => {
    for (const path of [EXPORT, `${EXPORT}?email=nope`]) expect((await s.get(path, { cookie })).status).toBe(400)
  })
})

describe('the session and the boundary', () => {
  test('answers 401 to export and erasure without a session and erases nothing', async () => {
    const m = await from('kept.safe@mail.example')
    const calls = [exported(m.email, null), exported(m.email, 'folio_session=forged'), erase({ email: m.email }, null)]
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 401, body: { ok: false, error: 'Not signed in.' } })
    expect(await storedWith(s, cookie, m.message)).toEqual([m])
  })

  test('refuses an erasure posted from another site', async () => {
    const m = await from('kept.cross@mail.example')
    expect((await erase({ email: m.email }, cookie, { origin: 'https://evil.example' })).status).toBe(403)
    expect(await storedWith(s, cookie, m.message)).toEqual([m])
  })
})
