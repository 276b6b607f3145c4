// The inbox's unread count over real HTTP: GET /api/admin/messages carries `unread` (active
// messages newer than the admin's last visit to the inbox); POST /api/admin/messages/opened resets it.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { manualClock } from '#src/lib/clock'
import { contact, sendContact, storedWith } from '#tests/support/data/contact'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const clock = manualClock()
let s: TestServer
let cookie: string

beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: '1' }, clock })
  cookie = await s.login()
})
afterAll(() => s.close())

const unread = async () => {
  const res = await s.get('/api/admin/messages?limit=1', { cookie })
  expect(res.status).toBe(200)
  return res.body.unread as number
}

async function send() {
  clock.advance(1_000)
  const { marker, payload } = contact()
  expect((await sendContact(s, payload)).status).toBe(200)
  return (await storedWith(s, cookie, marker))[0]!
}

const opened = () => {
  clock.advance(1_000)
  return s.request('POST', '/api/admin/messages/opened', { cookie })
}

test('counts every active message while the inbox was never opened', async () => {
  expect(await unread()).toBe(0)
  await send()
  await send()
  expect(await unread()).toBe(2)
})

test('opening the inbox answers {ok:true} and brings the count to 0; a newer message makes it 1', async () => {
  const res = await opened()
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ ok: true })
  expect(await unread()).toBe(0)
  await send()
  expect(await unread()).toBe(1)
})

test('an archived message is not unread, and the count is the same on every page and filter', async () => {
  const m = await send()
  expect(await unread()).toBe(2)
  expect((await s.request('PATCH', `/api/admin/messages/${m.id}/archive`, { cookie, body: { archived: true } })).status).toBe(200)
  expect(await unread()).toBe(1)
  expect((await s.get('/api/admin/messages?status=archived&page=9', { cookie })).body.unread).toBe(1)
})

test('the opened mark needs a session and a same-site origin', async () => {
  expect((await s.request('POST', '/api/admin/messages/opened')).status).toBe(401)
  expect((await s.request('POST', '/api/admin/messages/opened', { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(403)
  expect(await unread()).toBe(1)
})
