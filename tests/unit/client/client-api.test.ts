import { describe, expect, test } from 'bun:test'
import { isLocalHost, resolveApiBase, type PageLocation } from '#client/lib/api-base'
import { ApiError, createApiClient, errorText, isAbortError, type ApiClientOptions } from '#client/lib/api'

type Call = { url: string; init: RequestInit }
type Outcome = () => Response

const reply = (status: number, body?: unknown, statusText = ''): Outcome => () =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), { status, statusText })
const networkError: Outcome = () => {
  throw new TypeError('Failed to fetch')
}
const SITE: PageLocation = { hostname: 'example.com', origin: 'https://example.com' }

/** A client on a fake fetch that plays `outcomes` in turn (the last one repeats). */
function setup(outcomes: Outcome[], options: ApiClientOptions = {}) {
  const calls: Call[] = []
  const sleeps: number[] = []
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return outcomes[Math.min(calls.length, outcomes.length) - 1]!()
  }
  const api = createApiClient({
    location: SITE,
    fetch,
    sleep: async (ms) => void sleeps.push(ms),
    ...options,
  })
  return { api, calls, sleeps }
}

const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>

describe('API paths and base', () => {
  test.each([
    ['/projects', undefined, '/api/projects'],
    ['projects', undefined, '/api/projects'],
    ['/posts', { search: 'a b', limit: 5 }, '/api/posts?search=a+b&limit=5'],
    ['/tokens?x=1', { ts: 2 }, '/api/tokens?x=1&ts=2'],
  ])('puts the /api prefix before %p', async (path, query, url) => {
    const { api, calls } = setup([reply(200, {})])
    await api.get(path, { query })
    expect(calls[0]!.url).toBe(url)
  })

  const local = (hostname: string): PageLocation => ({ hostname, origin: `http://${hostname}:5173` })
  test.each([
    ['a configured base', 'https://api.example.com', SITE, 'https://api.example.com'],
    ['a base with a trailing slash', 'https://api.example.com/', SITE, 'https://api.example.com'],
    ['no base (same origin)', undefined, SITE, ''],
    ['an empty base (same origin)', '  ', SITE, ''],
    ['a base equal to the page origin', 'https://example.com', SITE, ''],
    ['a localhost base from another host', 'http://localhost:3000', SITE, ''],
    ['a 127.x base from another host', 'http://127.0.0.1:3000', SITE, ''],
    ['a [::1] base from another host', 'http://[::1]:3000', SITE, ''],
    ['a 0.0.0.0 base from another host', 'http://0.0.0.0:3000', SITE, ''],
    ['a localhost base from a localhost page', 'http://localhost:3000', local('localhost'), 'http://localhost:3000'],
    ['a 127.x base from a localhost page', 'http://127.0.0.1:3000', local('localhost'), 'http://127.0.0.1:3000'],
    ['a localhost base while server rendering', 'http://localhost:3000', undefined, 'http://localhost:3000'],
  ])('resolves %s', (_name, configured, location, expected) => {
    expect(resolveApiBase(configured, location)).toBe(expected)
  })

  test('sends calls to the resolved base', async () => {
    const { api, calls } = setup([reply(200, {})], { apiBase: 'https://api.example.com/' })
    await api.get('/skills')
    expect(calls[0]!.url).toBe('https://api.example.com/api/skills')
  })

  test.each([
    ['localhost', true], ['LocalHost', true], ['127.0.0.1', true], ['127.10.20.30', true], ['::1', true],
    ['[::1]', true], ['0.0.0.0', true], ['example.com', false], ['10.0.0.1', false], ['128.0.0.1', false],
    ['localhost.example.com', false], ['127.0.0.1.nip.io', false],
  ])('treats %p as local: %p', (host, expected) => {
    expect(isLocalHost(host)).toBe(expected)
  })
})

describe('API request shape', () => {
  test('sends credentials and Accept but no Content-Type without a body', async () => {
    const { api, calls } = setup([reply(200, {})])
    await api.get('/skills')
    expect(calls[0]!.init).toMatchObject({ method: 'GET', credentials: 'include' })
    expect(headersOf(calls[0])).toEqual({ Accept: 'application/json' })
    expect(calls[0]!.init.body).toBeUndefined()
  })

  test('sends a JSON body with Content-Type application/json', async () => {
    const { api, calls } = setup([reply(200, { ok: true })])
    await api.post('/contact', { name: 'Ada' })
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"name":"Ada"}' })
    expect(headersOf(calls[0])).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' })
  })

  test.each([
    ['put', 'PUT'], ['patch', 'PATCH'], ['post', 'POST'],
  ] as const)('%s sends its method, and no Content-Type without a body', async (helper, method) => {
    const { api, calls } = setup([reply(204)])
    await api[helper]('/admin/x')
    expect(calls[0]!.init.method).toBe(method)
    expect(headersOf(calls[0])['Content-Type']).toBeUndefined()
  })

  test('del sends DELETE', async () => {
    const { api, calls } = setup([reply(204)])
    await api.del('/admin/messages/1')
    expect(calls[0]!.init.method).toBe('DELETE')
  })

  test('drops empty, null and undefined query values but keeps 0 and false', async () => {
    const { api, calls } = setup([reply(200, {})])
    await api.get('/projects', { query: { search: '', tag: null, _: undefined, page: 0, all: false, q: 'x' } })
    expect(calls[0]!.url).toBe('/api/projects?page=0&all=false&q=x')
  })

  test('adds no question mark when every query value is dropped', async () => {
    const { api, calls } = setup([reply(200, {})])
    await api.get('/projects', { query: { search: '', tag: undefined } })
    expect(calls[0]!.url).toBe('/api/projects')
  })

  test('passes keepalive and the signal only when asked', async () => {
    const { api, calls } = setup([reply(204)])
    const signal = new AbortController().signal
    await api.post('/analytics/pv', { path: '/' }, { keepalive: true, signal })
    await api.get('/skills')
    expect(calls[0]!.init).toMatchObject({ keepalive: true, signal })
    expect('keepalive' in calls[1]!.init || 'signal' in calls[1]!.init).toBe(false)
  })

  test.each([
    ['a 204', reply(204), undefined],
    ['an empty 200', reply(200), undefined],
    ['a JSON body', reply(200, { items: [1] }), { items: [1] }],
  ])('resolves %s as parsed', async (_name, outcome, expected) => {
    const { api } = setup([outcome])
    expect(await api.get('/x')).toEqual(expected)
  })
})

describe('API retries', () => {
  test('retries twice by default with a 250 ms backoff that doubles', async () => {
    const { api, calls, sleeps } = setup([reply(503), reply(503), reply(200, { ok: 1 })])
    expect(await api.get('/skills')).toEqual({ ok: 1 })
    expect(calls).toHaveLength(3)
    expect(sleeps).toEqual([250, 500])
  })

  test('gives up after the retries with the last failure', async () => {
    const { api, calls, sleeps } = setup([reply(503, { ok: false, error: 'Busy' })])
    const error = await api.get('/skills').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 503, message: 'Busy' })
    expect(calls).toHaveLength(3)
    expect(sleeps).toEqual([250, 500])
  })

  test('honours the client and per-request retry counts and backoff', async () => {
    const a = setup([reply(500)], { retries: 3, backoffMs: 100 })
    await a.api.get('/x').catch(() => {})
    expect(a.sleeps).toEqual([100, 200, 400])
    const b = setup([reply(500)], { retries: 3 })
    await b.api.get('/x', { retries: 0 }).catch(() => {})
    expect(b.calls).toHaveLength(1)
  })

  test.each([408, 425, 429, 500, 502, 503, 504])('retries status %p', async (status) => {
    const { api, calls } = setup([reply(status), reply(200, {})])
    await api.get('/x')
    expect(calls).toHaveLength(2)
  })

  test.each([400, 401, 403, 404, 409, 410, 413, 422, 501])('does not retry status %p', async (status) => {
    const { api, calls } = setup([reply(status), reply(200, {})])
    await expect(api.get('/x')).rejects.toMatchObject({ status })
    expect(calls).toHaveLength(1)
  })

  test.each(['GET', 'HEAD', 'OPTIONS'])('retries %s', async (method) => {
    const { api, calls } = setup([reply(503)])
    await api.request(method, '/x').catch(() => {})
    expect(calls).toHaveLength(3)
  })

  test.each(['POST', 'PUT', 'PATCH', 'DELETE'])('retries %s only when non-idempotent retry is enabled', async (method) => {
    const off = setup([reply(503)])
    await off.api.request(method, '/x', { body: {} }).catch(() => {})
    expect(off.calls).toHaveLength(1)
    const perClient = setup([reply(503)], { retryNonIdempotent: true })
    await perClient.api.request(method, '/x', { body: {} }).catch(() => {})
    expect(perClient.calls).toHaveLength(3)
    const perRequest = setup([reply(503)])
    await perRequest.api.request(method, '/x', { body: {}, retryNonIdempotent: true }).catch(() => {})
    expect(perRequest.calls).toHaveLength(3)
  })

  test('retries network errors and recovers', async () => {
    const { api, calls, sleeps } = setup([networkError, networkError, reply(200, { ok: true })])
    expect(await api.get('/x')).toEqual({ ok: true })
    expect(calls).toHaveLength(3)
    expect(sleeps).toEqual([250, 500])
  })

  test("fails with 'Request failed' when every attempt hits a network error", async () => {
    const { api, calls } = setup([networkError])
    const error = await api.get('/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, message: 'Request failed' })
    expect((error as Error).cause).toBeInstanceOf(TypeError)
    expect(calls).toHaveLength(3)
  })

  test('does not retry a POST that hits a network error', async () => {
    const { api, calls } = setup([networkError])
    await expect(api.post('/contact', {})).rejects.toMatchObject({ message: 'Request failed' })
    expect(calls).toHaveLength(1)
  })
})

describe('API errors', () => {
  test.each([
    ['the body error field', reply(400, { ok: false, error: 'Bad email' }, 'Bad Request'), 'Bad email'],
    ['the status text when the JSON has no error', reply(400, { ok: false }, 'Bad Request'), 'Bad Request'],
    ['the status text when the error is empty', reply(400, { error: '' }, 'Bad Request'), 'Bad Request'],
    ['the status text for a text body', reply(502, '<html>bad gateway</html>', 'Bad Gateway'), 'Bad Gateway'],
    ["'Request failed' with neither", reply(404, 'nope'), 'Request failed'],
  ])('takes the message from %s', async (_name, outcome, message) => {
    const { api } = setup([outcome], { retries: 0 })
    await expect(api.get('/x')).rejects.toMatchObject({ message })
  })

  test('carries the status and the parsed body', async () => {
    const body = { ok: false, error: 'Invalid input.', details: [{ message: 'Too short', code: 'too_small' }] }
    const { api } = setup([reply(400, body)])
    const error = await api.post('/contact', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'ApiError', status: 400, body })
  })
})

describe('aborted requests', () => {
  test('are rethrown as they are and never retried', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError')
    const { api, calls, sleeps } = setup([() => { throw abort }])
    const error = await api.get('/x').catch((e: unknown) => e)
    expect(error).toBe(abort)
    expect(isAbortError(error)).toBe(true)
    expect(calls).toHaveLength(1)
    expect(sleeps).toEqual([])
  })

  test('stop retrying when aborted during the backoff', async () => {
    const controller = new AbortController()
    const { api, calls } = setup([reply(503)], { sleep: async () => controller.abort() })
    const error = await api.get('/x', { signal: controller.signal }).catch((e: unknown) => e)
    expect(isAbortError(error)).toBe(true)
    expect(calls).toHaveLength(1)
  })

  test.each([
    ['a DOMException AbortError', new DOMException('x', 'AbortError'), true],
    ['an Error named AbortError', Object.assign(new Error('x'), { name: 'AbortError' }), true],
    ['a network TypeError', new TypeError('Failed to fetch'), false],
    ['an ApiError', new ApiError(500, undefined, 'x'), false],
    ['null', null, false],
  ])('tells whether %s is an abort', (_name, error, expected) => {
    expect(isAbortError(error)).toBe(expected)
  })
})

describe('error text', () => {
  test.each([
    ['the server message', new ApiError(400, { ok: false, error: 'Bad email' }, 'Bad email'), 'Bad email'],
    ['the status without a server message', new ApiError(503, 'down', 'Service Unavailable'), 'Request failed (503)'],
    ['the status for JSON without error', new ApiError(500, { ok: false }, 'Request failed'), 'Request failed (500)'],
    ['a network failure', new ApiError(0, undefined, 'Request failed'), 'Request failed'],
    ['a plain error', new Error('boom'), 'boom'],
    ['an error without message', new Error(''), 'Unknown error'],
    ['a string', 'oops', 'Unknown error'],
    ['undefined', undefined, 'Unknown error'],
  ])('shows %s', (_name, error, text) => {
    expect(errorText(error)).toBe(text)
  })
})
