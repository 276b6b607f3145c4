// The admin boundary: every /api/admin/* path but login, the first run's setup and the session
// check needs a session (401), and unsafe methods from another origin are refused (403). Checked
// before routing, so no admin route, known or unknown, can forget it.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import type { SiteOrigin } from '#src/contract/site-origin'
import { sessionAdmin, type SessionOf } from './service'
import { HttpError } from '#src/lib/http-error'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/**
 * The paths anyone may call: signing in (with a password, or with a passkey: its challenge and its
 * answer), creating the first admin with a setup token, and asking whether this browser is signed
 * in (the session route reads the cookie itself).
 */
const PUBLIC = new Set(['/api/admin/login', '/api/admin/setup', '/api/admin/session', '/api/admin/login/passkey/options', '/api/admin/login/passkey'])
const sessions = new WeakMap<Request, SessionOf>()

/** True when the request comes from this site (or from a non-browser client with no Origin). */
export function isSameOrigin(request: Request, site: Pick<SiteOrigin, 'host'>): boolean {
  if (request.headers.get('sec-fetch-site') === 'cross-site') return false
  const origin = request.headers.get('origin')
  if (!origin) return true
  let host: string
  try {
    host = new URL(origin).host
  } catch {
    return false
  }
  return host === request.headers.get('host') || host === site.host
}

/** The signed-in admin (and its session's id) of a request that passed the boundary. */
export function adminOf(request: Request): SessionOf {
  const admin = sessions.get(request)
  if (!admin) throw new HttpError(401, 'Not signed in.')
  return admin
}

export const adminBoundary = ({ conn, config, clock }: AppDeps) =>
  new Elysia({ name: 'folio.admin-boundary' }).onRequest(({ request }) => {
    const path = new URL(request.url).pathname
    if (!path.startsWith('/api/admin/') && path !== '/api/admin') return
    if (UNSAFE.has(request.method) && !isSameOrigin(request, config.origin)) {
      throw new HttpError(403, 'Cross-site requests are not allowed.')
    }
    if (PUBLIC.has(path)) return
    const admin = sessionAdmin(conn.db, request.headers.get('cookie'), config.origin, clock)
    if (!admin) throw new HttpError(401, 'Not signed in.')
    sessions.set(request, admin)
  })
