// Auth room: POST /api/admin/logout, GET /api/admin/me and /api/admin/session. Signing in is the
// sign-in methods room's (src/features/sign-in-methods/login-routes.ts).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import type { AdminSession } from '#src/contract/auth'
import { adminOf } from './admin-boundary'
import { routePolicies } from '#src/plugins/route-policies'
import { deleteSession, sessionAdmin } from './service'
import { clearedSessionCookie, readSessionToken } from './session-cookie'

export const authRoutes = ({ conn, config, clock }: AppDeps) =>
  new Elysia({ prefix: '/api/admin' }).use(routePolicies)
    .post('/logout', ({ request, set }) => {
      const token = readSessionToken(request.headers.get('cookie'), config.origin)
      if (token) deleteSession(conn.db, token)
      set.headers['set-cookie'] = clearedSessionCookie(config.origin)
      return { ok: true as const }
    })
    .get('/me', ({ request }) => ({ email: adminOf(request).email }))
    // NOTE: public (admin-boundary.ts): the admin shell's session check, answered 200 either way so
    // a signed-out visit logs no failed request in the browser's console (decision 055).
    .get('/session', ({ request }): AdminSession => {
      const admin = sessionAdmin(conn.db, request.headers.get('cookie'), config.origin, clock)
      return admin ? { authenticated: true, email: admin.email } : { authenticated: false }
    })
