// The API client of spec sections 7 and 8: every call the site and the admin make to /api.
import { API_PREFIX } from '#src/contract/api-paths'
import { pageLocation, resolveApiBase, type PageLocation } from './api-base'

export type QueryValue = string | number | boolean | null | undefined
export type Query = Record<string, QueryValue>

export type RequestOptions = {
  query?: Query
  /** Sent as JSON; undefined or null means no body. */
  body?: unknown
  signal?: AbortSignal
  retries?: number
  retryNonIdempotent?: boolean
  /** Lets the request outlive the page (page views sent while navigating away). */
  keepalive?: boolean
}
type NoBody = Omit<RequestOptions, 'body'>
/** The part of fetch the client uses; the browser's fetch fits, and so does a test's fake. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

export type ApiClientOptions = {
  apiBase?: string
  location?: PageLocation
  fetch?: FetchLike
  sleep?: (ms: number) => Promise<void>
  retries?: number
  backoffMs?: number
  retryNonIdempotent?: boolean
}

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504])
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS'])
export const REQUEST_FAILED = 'Request failed'

/** A failed call: the HTTP status (0 when no response arrived), the parsed body and a message. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly body: unknown

  constructor(status: number, body: unknown, message: string, options?: ErrorOptions) {
    super(message, options)
    this.status = status
    this.body = body
  }
}

/** The `error` string of a contract error body, if the body is one. */
export function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined
  return typeof body.error === 'string' && body.error ? body.error : undefined
}

/**
 * True when the caller aborted the request. Such errors are rethrown untouched and never
 * retried, so a caller ignores them with `if (isAbortError(e)) return`.
 */
export function isAbortError(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'name' in e && e.name === 'AbortError'
}

/** How a request error is shown (spec section 8). */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) {
    const server = serverMessage(e.body)
    if (server) return server
    if (e.status > 0) return `Request failed (${e.status})`
  }
  if (e instanceof Error && e.message) return e.message
  return 'Unknown error'
}

function encodeQuery(query: Query | undefined): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value))
  }
  return params.toString()
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined
  const text = await res.text()
  if (!text) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}

async function toApiError(res: Response): Promise<ApiError> {
  const body = await readBody(res).catch(() => undefined)
  return new ApiError(res.status, body, serverMessage(body) ?? (res.statusText || REQUEST_FAILED))
}

const abortReason = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('Aborted', 'AbortError')
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
// NOTE: called through a wrapper, never as `options.fetch(...)`: browsers throw "Illegal
// invocation" when fetch runs with `this` bound to anything but the window.
const globalFetch: FetchLike = (url, init) => globalThis.fetch(url, init)

export function createApiClient(options: ApiClientOptions = {}) {
  const fetchFn = options.fetch ?? globalFetch
  const sleep = options.sleep ?? defaultSleep
  const backoffMs = options.backoffMs ?? 250

  /** The full URL of an API path (apiPaths.projects, '/projects' -> '{base}/api/projects?…'). */
  function url(path: string, query?: Query): string {
    const base = resolveApiBase(options.apiBase, options.location ?? pageLocation())
    const p = path.startsWith('/') ? path : `/${path}`
    const qs = encodeQuery(query)
    return `${base}${API_PREFIX}${p}${qs ? (p.includes('?') ? '&' : '?') + qs : ''}`
  }

  function retriesFor(method: string, opts: RequestOptions): number {
    const nonIdempotentOk = opts.retryNonIdempotent ?? options.retryNonIdempotent ?? false
    if (!IDEMPOTENT.has(method) && !nonIdempotentOk) return 0
    return Math.max(0, opts.retries ?? options.retries ?? 2)
  }

  async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    const verb = method.toUpperCase()
    const hasBody = opts.body !== undefined && opts.body !== null
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (hasBody) headers['Content-Type'] = 'application/json'
    const init: RequestInit = { method: verb, credentials: 'include', headers }
    if (hasBody) init.body = JSON.stringify(opts.body)
    if (opts.signal) init.signal = opts.signal
    if (opts.keepalive) init.keepalive = true
    const target = url(path, opts.query)
    const retries = retriesFor(verb, opts)

    for (let attempt = 0; ; attempt++) {
      const last = attempt >= retries
      let res: Response
      try {
        res = await fetchFn(target, init)
      } catch (e) {
        if (isAbortError(e) || opts.signal?.aborted) throw e
        if (last) throw new ApiError(0, undefined, REQUEST_FAILED, { cause: e })
        await backoff(attempt, opts.signal)
        continue
      }
      if (res.ok) return (await readBody(res)) as T
      if (last || !RETRY_STATUSES.has(res.status)) throw await toApiError(res)
      await backoff(attempt, opts.signal)
    }
  }

  async function backoff(attempt: number, signal: AbortSignal | undefined): Promise<void> {
    await sleep(backoffMs * 2 ** attempt)
    if (signal?.aborted) throw abortReason(signal)
  }

  return {
    url,
    request,
    get: <T>(path: string, opts?: NoBody) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: NoBody) => request<T>('POST', path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: NoBody) => request<T>('PUT', path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: NoBody) => request<T>('PATCH', path, { ...opts, body }),
    del: <T>(path: string, opts?: NoBody) => request<T>('DELETE', path, opts),
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
