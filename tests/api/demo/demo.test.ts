import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ApiErrorBody } from '#src/contract/errors'
import { manualClock } from '#src/lib/clock'
import { portfolioAt } from '#src/features/demo/tokens'
import { toChecksumAddress } from '#src/features/demo/wallet'
import { bearer, demoCounts, demoLogin, sleep, wallet } from '#tests/support/data/demo'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const clock = manualClock()
let s: TestServer

beforeAll(async () => {
  s = await startTestServer({ clock })
})
afterAll(() => s.close())

/** The contract's error shape, nothing more, with this status. */
function expectContractError(res: { status: number; body: unknown }, status: number) {
  expect(res.status).toBe(status)
  expect(ApiErrorBody.strict().safeParse(res.body).error).toBeUndefined()
}

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
  test('issues a 256-bit token and a hex nonce', async () => {
    const { token, nonce } = await demoLogin(s)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(nonce).toMatch(/^[0-9a-f]{32}$/)
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
    expectContractError(res, 400)
    expect(res.body).toEqual({ ok: false, error: 'Signature does not match the address.' })
  })

  test("rejects the wallet's valid signature of another login's nonce, which links that other login", async () => {
    const [mine, other] = [await demoLogin(s), await demoLogin(s)]
    const w = wallet()
    const body = { address: w.address, signature: w.sign(other.nonce) }
    const res = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(mine.token), body })
    expectContractError(res, 400)
    expect(res.body.error).toBe('Signature does not match the address.')
    expect((await s.request('POST', '/api/demo/link-wallet', { headers: bearer(other.token), body })).status).toBe(200)
  })

  const n = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141'
  test.each([
    ['garbage hex', () => '0x' + 'zz'.repeat(65), 'Signature must be'],
    ['no 0x prefix', (sig: string) => sig.slice(2), 'Signature must be'],
    ['64 bytes', (sig: string) => sig.slice(0, -2), 'Signature must be'],
    ['66 bytes', (sig: string) => sig + '1b', 'Signature must be'],
    ['a number', () => 12345, 'Signature must be'],
    ['v = 29', (sig: string) => sig.slice(0, -2) + '1d', 'Signature is not a valid'],
    ['v = 2', (sig: string) => sig.slice(0, -2) + '02', 'Signature is not a valid'],
    ['v = 255', (sig: string) => sig.slice(0, -2) + 'ff', 'Signature is not a valid'],
    ['r = 0', (sig: string) => `0x${'00'.repeat(32)}${sig.slice(66)}`, 'Signature is not a valid'],
    ['s = the curve order', (sig: string) => `${sig.slice(0, 66)}${n}${sig.slice(-2)}`, 'Signature is not a valid'],
  ])('rejects a signature that is %s with 400 and details on signature', async (_case, mangle, message) => {
    const { token, nonce } = await demoLogin(s)
    const w = wallet()
    const res = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: { address: w.address, signature: mangle(w.sign(nonce)) } })
    expectContractError(res, 400)
    expect(res.body.details).toEqual([expect.objectContaining({ path: 'signature', message: expect.stringMatching(new RegExp(`^${message}`)) })])
    // A malformed signature spends nothing: the right one still links.
    expect((await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: { address: w.address, signature: w.sign(nonce) } })).status).toBe(200)
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
    ['a wrong checksum', { address: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', signature: '0x' + '11'.repeat(65) }, 'address'],
  ])('rejects %s with details', async (_case, body, path) => {
    const { token } = await demoLogin(s)
    const res = await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body })
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { path: string }) => d.path)).toContain(path)
  })
})

describe('the demo and the admin boundary', () => {
  test.each([
    ['a cookie', (token: string) => ({ cookie: `folio_session=${token}` })],
    ['a bearer token', (token: string) => ({ headers: bearer(token) })],
  ])('does not let a demo token, even one with a linked wallet, act as an admin session sent as %s', async (_case, send) => {
    const { token, nonce } = await demoLogin(s)
    const w = wallet()
    expect((await s.request('POST', '/api/demo/link-wallet', { headers: bearer(token), body: { address: w.address, signature: w.sign(nonce) } })).status).toBe(200)
    for (const path of ['/api/admin/me', '/api/admin/messages']) expectContractError(await s.get(path, send(token)), 401)
  })

  test('does not let an admin session stand in for a demo token', async () => {
    const cookie = await s.login()
    const w = wallet()
    const res = await s.request('POST', '/api/demo/link-wallet', { cookie, body: { address: w.address, signature: w.sign('x') } })
    expectContractError(res, 401)
    expect(res.body.error).toBe('Demo login required: send the token from POST /api/demo/login.')
  })

  test('serves the demo writes without a session, cross-site too, since they carry no cookie to forge', async () => {
    const headers = { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' }
    const login = await s.request('POST', '/api/demo/login', { headers })
    expect(login.status).toBe(200)
    expect(login.headers.get('set-cookie')).toBeNull()
    expect((await s.request('POST', '/api/tx', { headers })).status).toBe(201)
    const w = wallet()
    const body = { address: w.address, signature: w.sign(login.body.nonce) }
    expect((await s.request('POST', '/api/demo/link-wallet', { headers: { ...headers, ...bearer(login.body.token) }, body })).status).toBe(200)
  })
})

describe('transactions kept in memory', () => {
  let big: TestServer
  beforeAll(async () => {
    big = await startTestServer({ env: { TRUST_PROXY: '1' } })
  })
  afterAll(() => big.close())

  test('keeps the newest 1000 of 1005 transactions: the oldest answer 404 and hold no timer', async () => {
    const ids: string[] = []
    // Spread over addresses so the per-address write limit does not get in the way.
    for (let i = 0; i < 1005; i++) {
      ids.push((await big.request('POST', '/api/tx', { headers: { 'x-forwarded-for': `10.0.${i >> 6}.${i & 63}` } })).body.id)
    }
    for (const id of ids.slice(0, 5)) expectContractError(await big.get(`/api/tx/${id}`), 404)
    expect((await big.get(`/api/tx/${ids[5]}`)).status).toBe(200)
    expect((await big.get(`/api/tx/${ids[1004]}`)).status).toBe(200)
    const counts = demoCounts(big)
    expect(counts.txs).toBe(1000)
    expect(counts.timers).toBeLessThanOrEqual(1000)
  })
})
