import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { manualClock } from '../../src/lib/clock'
import { portfolioAt } from '../../src/features/demo/tokens'
import { toChecksumAddress } from '../../src/features/demo/wallet'
import { bearer, demoLogin, sleep, wallet } from '../support/demo'
import { startTestServer, type TestServer } from '../support/server'

const clock = manualClock()
let s: TestServer

beforeAll(async () => {
  s = await startTestServer({ clock })
})
afterAll(() => s.close())


describe('GET /api/tokens', () => {
  test('lists 4-6 mock tokens, ETH and USDC among them, with an update time', async () => {
    const res = await s.get(`/api/tokens?ts=${Date.now()}`)
    expect(res.status).toBe(200)
    expect(res.body.items.length).toBeGreaterThanOrEqual(4)
    expect(res.body.items.length).toBeLessThanOrEqual(6)
    expect(res.body.items.map((t: { symbol: string }) => t.symbol)).toEqual(expect.arrayContaining(['ETH', 'USDC']))
    for (const item of res.body.items) {
      expect(Object.keys(item).sort()).toEqual(['balance', 'name', 'symbol', 'usd'])
      expect(item.balance).toBeGreaterThan(0)
      expect(item.usd).toBeGreaterThan(0)
    }
    expect(new Date(res.body.updatedAt).toISOString()).toBe(res.body.updatedAt)
  })

  test('serves the cached list for 30 s of app time, then a fresh one', async () => {
    const first = await s.get('/api/tokens?ts=1')
    clock.advance(10_000)
    const second = await s.get('/api/tokens?ts=2')
    expect(second.body).toEqual(first.body)
    clock.advance(31_000)
    const third = await s.get('/api/tokens?ts=3')
    expect(third.body.updatedAt).toBe(clock.now().toISOString())
    expect(third.body.updatedAt).not.toBe(first.body.updatedAt)
  })

  test('moves prices by less than 3 % between neighbouring 30 s buckets', () => {
    const start = Date.parse('2026-01-01T00:00:00Z')
    let previous = portfolioAt(new Date(start)).items
    let largestMove = 0
    for (let i = 1; i <= 3000; i++) {
      const current = portfolioAt(new Date(start + i * 30_000)).items
      current.forEach((item, k) => (largestMove = Math.max(largestMove, Math.abs(item.usd / previous[k]!.usd - 1))))
      previous = current
    }
    expect(largestMove).toBeLessThan(0.03)
    expect(largestMove).toBeGreaterThan(0.001)
    const day = portfolioAt(new Date(start + 86_400_000)).items
    expect(day.map((t) => t.usd)).not.toEqual(portfolioAt(new Date(start)).items.map((t) => t.usd))
  })
})

describe('/api/tx', () => {
  test('creates a pending transaction that is confirmed within 1-3 s', async () => {
    const created = await s.request('POST', '/api/tx', { body: {} })
    expect(created.status).toBe(201)
    const { id } = created.body
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await s.get(`/api/tx/${id}`)).body).toEqual({ id, state: 'pending' })
    const started = Date.now()
    let state = 'pending'
    while (state === 'pending' && Date.now() - started < 4_000) {
      await sleep(200)
      state = (await s.get(`/api/tx/${id}`)).body.state
    }
    expect(state).toBe('confirmed')
    expect(Date.now() - started).toBeGreaterThan(600)
  })

  test('reports a transaction confirmed once its time has passed, before its timer fires', async () => {
    const { id } = (await s.request('POST', '/api/tx')).body
    clock.advance(3_001)
    expect((await s.get(`/api/tx/${id}`)).body).toEqual({ id, state: 'confirmed' })
  })

  test.each([['0x' + 'ab'.repeat(32)], ['not-a-tx']])('answers 404 for the unknown transaction %s', async (id) => {
    const res = await s.get(`/api/tx/${id}`)
    expect(res.status).toBe(404)
    expect(res.body.ok).toBe(false)
  })

  test('accepts a transfer with a recipient and an amount', async () => {
    const res = await s.request('POST', '/api/tx', { body: { to: wallet().address, amount: '1.5' } })
    expect(res.status).toBe(201)
  })

  test.each([
    ['a recipient that is not an address', { to: '0x1234' }, 'to'],
    ['a negative amount', { amount: -1 }, 'amount'],
    ['an amount that is not a number', { amount: 'lots' }, 'amount'],
  ])('rejects %s', async (_case, body, path) => {
    const res = await s.request('POST', '/api/tx', { body })
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path)
  })
})

describe('POST /api/demo/login and /api/demo/link-wallet', () => {
  test('issues a 256-bit token and a hex nonce that open no admin session', async () => {
    const { token, nonce } = await demoLogin(s)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(nonce).toMatch(/^[0-9a-f]{32}$/)
    expect((await s.get('/api/admin/me', { cookie: `folio_session=${token}`, headers: bearer(token) })).status).toBe(401)
  })

  test('links the wallet that signed the nonce, answering its checksummed address', async () => {
    const { token, nonce } = await demoLogin(s)
    const w = wallet()
    const res = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: { address: w.address, signature: w.sign(nonce) } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ address: toChecksumAddress(w.address) })
  })

  test('takes the demo token from the body when there is no Authorization header', async () => {
    const { token, nonce } = await demoLogin(s)
    const w = wallet()
    const res = await s.request('POST', '/api/demo/link-wallet', { body: { token, address: toChecksumAddress(w.address), signature: w.sign(nonce) } })
    expect(res.status).toBe(200)
  })

  test.each([
    ['another wallet signed the nonce', (nonce: string, w: ReturnType<typeof wallet>) => ({ address: w.address, signature: wallet().sign(nonce) })],
    ['the wallet signed another message', (nonce: string, w: ReturnType<typeof wallet>) => ({ address: w.address, signature: w.sign(nonce + 'x') })],
  ])('rejects a link when %s', async (_case, makeBody) => {
    const { token, nonce } = await demoLogin(s)
    const res = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: makeBody(nonce, wallet()) })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ ok: false, error: 'Signature does not match the address.' })
  })

  test('rejects a second link with the same nonce', async () => {
    const { token, nonce } = await demoLogin(s)
    const w = wallet()
    const body = { address: w.address, signature: w.sign(nonce) }
    expect((await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body })).status).toBe(200)
    const again = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body })
    expect(again.status).toBe(409)
  })

  test('keeps the nonce after a wrong signature, so the right wallet can still link', async () => {
    const { token, nonce } = await demoLogin(s)
    const w = wallet()
    const wrong = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: { address: w.address, signature: wallet().sign(nonce) } })
    expect(wrong.status).toBe(400)
    const right = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: { address: w.address, signature: w.sign(nonce) } })
    expect(right.status).toBe(200)
  })

  test.each([
    ['no token', {}],
    ['an unknown token', bearer('A'.repeat(43))],
  ])('answers 401 with %s', async (_case, headers) => {
    const w = wallet()
    const res = await s.request('POST', '/api/demo/link-wallet', { headers, body: { address: w.address, signature: w.sign('x') } })
    expect(res.status).toBe(401)
  })

  test('answers 401 once the login is older than 10 minutes', async () => {
    const { token, nonce } = await demoLogin(s)
    clock.advance(10 * 60_000 + 1)
    const w = wallet()
    const res = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: { address: w.address, signature: w.sign(nonce) } })
    expect(res.status).toBe(401)
  })

  test.each([
    ['a short address', { address: '0x1234', signature: '0x' + '11'.repeat(65) }, 'address'],
    ['a missing address', { signature: '0x' + '11'.repeat(65) }, 'address'],
    ['a short signature', { address: '0x' + 'ab'.repeat(20), signature: '0x1234' }, 'signature'],
    ['a signature that is not hex', { address: '0x' + 'ab'.repeat(20), signature: '0x' + 'zz'.repeat(65) }, 'signature'],
    ['a wrong checksum', { address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', signature: '0x' + '11'.repeat(65) }, 'address'],
  ])('rejects %s with details', async (_case, body, path) => {
    const { token } = await demoLogin(s)
    const res = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body })
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path)
  })
})
