// One structured line per request: method, path, status, duration. Secrets stay out: no query
// string, tokens in paths masked, the client address cut to its network at info level.
import { Elysia } from 'elysia'
import type { Server } from 'bun'
import { LRUCache } from 'lru-cache'
import type { TrustedProxies } from '#src/lib/trusted-proxies'
import type { Logger, LogLevel } from '../lib/logger'
import { pathOnly } from '../lib/request-path'
import { clientIp } from './client-ip'

const started = new WeakMap<Request, { t0: number; ip: string }>()

/**
 * Paths whose next segment is a capability: one-time resume links (page and API) and signed
 * preview links. NOTE: repeated slashes and any case match too, so a mangled copy of a link is
 * masked as well as the router's own spelling. Queries never reach the log at all (setup links'
 * `?token=`, any `key=` or `signature=`).
 */
const CAPABILITY = /^(\/+api)?\/+(resume|preview)\/+[^/]+/i

/** The request's path for a log line: no query, every capability replaced by `:token`. */
export function loggedPath(url: string): string {
  return pathOnly(url).replace(CAPABILITY, (_, api: string | undefined, room: string) => `${api ? '/api' : ''}/${room.toLowerCase()}/:token`)
}

/** 203.0.113.7 → 203.0.113.0/24, 2001:db8:1:2::5 → 2001:db8:1::/48: enough to spot a flood, not a person. */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip)
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`
  if (ip.includes(':')) {
    const [head] = ip.split('::')
    const groups = (head ?? '').split(':').filter(Boolean)
    return `${groups.slice(0, 3).join(':')}::/48`
  }
  return 'unknown'
}

function statusOf(response: unknown, status: number | string | undefined): number {
  if (response instanceof Response) return response.status
  return typeof status === 'number' ? status : 200
}

/** `ms`: how long the answer took, when measured before the line is written (a batched line). */
// A site's visitors ask for its few pages from a few networks over and over: each path and address
// is masked and quoted once (a fifth of a line's cost). Bounded: 1,000 of each, keys of at most
// 256 characters, the least recently used dropped past it.
const MEMO_KEY_MAX = 256
const memo = (make: (key: string) => string) => {
  const made = new LRUCache<string, string>({ max: 1_000 })
  return (key: string) => {
    if (key.length > MEMO_KEY_MAX) return make(key)
    let value = made.get(key)
    if (value === undefined) made.set(key, (value = make(key)))
    return value
  }
}
const pathJson = memo((url) => JSON.stringify(loggedPath(url)))
const netJson = memo((ip) => JSON.stringify(networkOf(ip)))

export type RequestLogger = (request: Request, status: number, t0: number | undefined, ip: string, ms?: number) => void

/**
 * Writes the line of one request; null when the level is above info (no work per request then).
 * `withAddress` (LOG_LEVEL=debug) adds the full client address.
 */
export function requestLogger(log: Logger, level: LogLevel): RequestLogger | null {
  if (level !== 'debug' && level !== 'info') return null
  const withAddress = level === 'debug'
  // NOTE: the line is built by hand, not through log.info: at tens of thousands of requests a
  // second, the generic path (object spread, JSON.stringify of it all) costs a fifth of the
  // throughput of a cached page. Same JSON shape as every other line.
  let second = -1
  let stamp = ''
  return (request, status, t0, ip, took) => {
    const now = Date.now()
    // Whole-millisecond timestamps, the ISO prefix reused within a second.
    if (Math.floor(now / 1000) !== second) {
      second = Math.floor(now / 1000)
      stamp = new Date(second * 1000).toISOString().slice(0, 20)
    }
    const elapsed = took ?? (t0 === undefined ? undefined : performance.now() - t0)
    const ms = elapsed === undefined ? 'null' : String(Math.round(elapsed * 10) / 10)
    log.raw(
      `{"t":"${stamp}${String(now % 1000).padStart(3, '0')}Z","level":"info","msg":"request","method":${JSON.stringify(request.method)},"path":${pathJson(request.url)},"status":${status},"ms":${ms},"net":${netJson(ip)}${withAddress ? `,"ip":${JSON.stringify(ip)}` : ''}}`,
    )
  }
}

export const requestLog = (write: RequestLogger | null, trustProxy: TrustedProxies | null) =>
  write
    ? new Elysia({ name: 'folio.request-log' })
        .onRequest(({ request, server }) => {
          started.set(request, { t0: performance.now(), ip: clientIp(request, server as Server<unknown> | null, trustProxy) })
        })
        .onAfterResponse({ as: 'global' }, ({ request, set, responseValue }) => {
          const { t0, ip } = started.get(request) ?? { t0: undefined, ip: 'unknown' }
          write(request, statusOf(responseValue, set.status), t0, ip)
        })
    : new Elysia({ name: 'folio.request-log' })
