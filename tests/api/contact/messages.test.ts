// The admin inbox over real HTTP: paging, status filter, search, archive, delete, and the session it needs.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ContactMessage } from '#src/contract/contact'
import { manualClock } from '#src/lib/clock'
import { contact, sendContact, storedWith } from '#tests/support/data/contact'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const LIST = '/api/admin/messages'

describe('paging and search over 25 messages', () => {
  let s: TestServer
  let cookie: string
  /** Oldest first: sent[i] is message number i + 1, one minute after the previous. */
  const sent: { name: string; email: string; message: string }[] = []
  const special: Record<number, Partial<(typeof sent)[number]>> = {
    3: { name: 'Grace Hopper' },
    7: { email: 'Grace.H@Navy.example' },
    11: { message: 'You are AMAZING GRACE, number 11.' },
    13: { message: 'I am 100% sure_thing about number 13.' },
  }

  beforeAll(async () => {
    const clock = manualClock()
    s = await startTestServer({ env: { TRUST_PROXY: '1' }, clock })
    cookie = await s.login()
    for (let i = 1; i <= 25; i++) {
      const payload = { name: `Sender ${i}`, email: `sender${i}@example.com`, message: `Message number ${i} for paging.`, reason: 'general', ...special[i] }
      clock.advance(60_000)
      const res = await sendContact(s, payload)
      if (res.status !== 200) throw new Error(`could not send message ${i}: ${res.text}`)
      sent.push(payload)
    }
  })
  afterAll(() => s.close())

  const list = (query = '') => s.get(`${LIST}${query}`, { cookie })
  const numbers = (items: ContactMessage[]) => items.map((m) => sent.findIndex((p) => p.message === m.message) + 1)

  test('lists the first 20 active messages newest first with the page info', async () => {
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body.pageInfo).toEqual({ page: 1, pages: 2, total: 25, limit: 20 })
    expect(numbers(res.body.items)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i))
  })

  test('returns the remaining messages on page 2 and an empty page past the end', async () => {
    const second = await list('?page=2')
    expect(numbers(second.body.items)).toEqual([5, 4, 3, 2, 1])
    expect(second.body.pageInfo).toEqual({ page: 2, pages: 2, total: 25, limit: 20 })
    const third = await list('?page=3')
    expect(third.status).toBe(200)
    // `unread` counts the whole inbox (tests/api/owner/unread.test.ts), whatever the page or search.
    expect(third.body).toEqual({ items: [], pageInfo: { page: 3, pages: 2, total: 25, limit: 20 }, unread: 25 })
  })

  const limits: [string, number[], { page: number; pages: number; total: number; limit: number }][] = [
    ['?limit=7&page=4', [4, 3, 2, 1], { page: 4, pages: 4, total: 25, limit: 7 }],
    ['?limit=100', Array.from({ length: 25 }, (_, i) => 25 - i), { page: 1, pages: 1, total: 25, limit: 100 }],
    ['?limit=1&page=25', [1], { page: 25, pages: 25, total: 25, limit: 1 }],
    ['?status=&page=&limit=&search=', Array.from({ length: 20 }, (_, i) => 25 - i), { page: 1, pages: 2, total: 25, limit: 20 }],
  ]
  for (const [query, expected, pageInfo] of limits) {
    test(`pages by the query ${query}`, async () => {
      const res = await list(query)
      expect(res.status).toBe(200)
      expect(numbers(res.body.items)).toEqual(expected)
      expect(res.body.pageInfo).toEqual(pageInfo)
    })
  }

  const searches: [string, string, number[]][] = [
    ['a name, email or message, ignoring case', 'gRaCe', [11, 7, 3]],
    ['a literal percent sign, not a wildcard', '%', [13]],
    ['a literal underscore, not a wildcard', '_', [13]],
    ['words inside a message', 'number 2 for', [2]],
    ['an email address', 'sender19@example.com', [19]],
  ]
  for (const [what, term, expected] of searches) {
    test(`searches for ${what}`, async () => {
      const res = await list(`?search=${encodeURIComponent(term)}`)
      expect(numbers(res.body.items)).toEqual(expected)
      expect(res.body.pageInfo).toEqual({ page: 1, pages: 1, total: expected.length, limit: 20 })
    })
  }

  test('reports one page when nothing matches', async () => {
    const res = await list('?search=nobody-wrote-this')
    expect(res.body).toEqual({ items: [], pageInfo: { page: 1, pages: 1, total: 0, limit: 20 }, unread: 25 })
  })

  const invalid = ['?status=bogus', '?page=0', '?page=-1', '?page=1.5', '?page=abc', '?limit=0', '?limit=101', '?limit=ten']
  for (const query of invalid) {
    test(`rejects the query ${query} with 400`, async () => {
      const res = await list(query)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ ok: false, error: 'Invalid input.', details: [expect.objectContaining({ path: query.slice(1).split('=')[0] })] })
    })
  }
})

describe('archive, delete and the session', () => {
  let s: TestServer
  let cookie: string

  beforeAll(async () => {
    s = await startTestServer({ env: { TRUST_PROXY: '1' } })
    cookie = await s.login()
  })
  afterAll(() => s.close())

  /** Sends `count` messages sharing one marker; returns the marker and the stored rows, newest first. */
  async function seed(count: number) {
    const marker = contact().marker
    for (let i = 0; i < count; i++) expect((await sendContact(s, contact({ message: `Note ${i} about ${marker}.` }).payload)).status).toBe(200)
    return { marker, rows: await storedWith(s, cookie, marker) }
  }
  const inList = async (status: string, marker: string) =>
    ((await s.get(`${LIST}?status=${status}&search=${marker}`, { cookie })).body.items as ContactMessage[]).map((m) => m.id).sort()
  const archive = (id: string, body: unknown, auth: string | null = cookie) => s.request('PATCH', `${LIST}/${id}/archive`, { body, cookie: auth })

  test('filters by status: active by default, archived, or all', async () => {
    const { marker, rows } = await seed(3)
    expect((await archive(rows[1]!.id, { archived: true })).status).toBe(200)
    const ids = rows.map((r) => r.id)
    expect(await inList('active', marker)).toEqual([ids[0]!, ids[2]!].sort())
    expect(await inList('', marker)).toEqual([ids[0]!, ids[2]!].sort())
    expect(await inList('archived', marker)).toEqual([ids[1]!])
    expect(await inList('all', marker)).toEqual([...ids].sort())
  })

  test('archives and unarchives a message, answering with the message', async () => {
    const { marker, rows } = await seed(1)
    const original = rows[0]!
    const archived = await archive(original.id, { archived: true })
    expect(archived.status).toBe(200)
    expect(archived.body).toEqual({ ...original, archived: true })
    expect(await inList('active', marker)).toEqual([])
    const restored = await archive(original.id, { archived: false })
    expect(restored.body).toEqual(original)
    expect(await inList('active', marker)).toEqual([original.id])
  })

  for (const body of [{}, { archived: 'yes' }, { archived: 1 }, { archived: null }]) {
    test(`rejects the archive body ${JSON.stringify(body)} with 400 and changes nothing`, async () => {
      const { marker, rows } = await seed(1)
      const res = await archive(rows[0]!.id, body)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ ok: false, details: [expect.objectContaining({ path: 'archived' })] })
      expect(await inList('active', marker)).toEqual([rows[0]!.id])
    })
  }

  test('deletes a message permanently, then answers 404 for it', async () => {
    const { marker, rows } = await seed(2)
    const [gone, kept] = rows
    const res = await s.request('DELETE', `${LIST}/${gone!.id}`, { cookie })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true })
    expect(await inList('all', marker)).toEqual([kept!.id])
    expect((await s.request('DELETE', `${LIST}/${gone!.id}`, { cookie })).status).toBe(404)
    expect((await archive(gone!.id, { archived: true })).status).toBe(404)
  })

  test('answers 404 for an unknown message id', async () => {
    const unknown = '01900000-0000-7000-8000-000000000000'
    expect(await archive(unknown, { archived: true })).toMatchObject({ status: 404, body: { ok: false, error: 'Message not found.' } })
    expect(await s.request('DELETE', `${LIST}/${unknown}`, { cookie })).toMatchObject({ status: 404, body: { ok: false, error: 'Message not found.' } })
  })

  test('answers 401 to every inbox call without a session and changes nothing', async () => {
    const { marker, rows } = await seed(1)
    const id = rows[0]!.id
    const calls = [
      s.get(LIST),
      s.get(`${LIST}?status=all`, { cookie: 'folio_session=forged' }),
      archive(id, { archived: true }, null),
      s.request('DELETE', `${LIST}/${id}`),
    ]
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 401, body: { ok: false, error: 'Not signed in.' } })
    expect(await inList('active', marker)).toEqual([id])
  })
})
