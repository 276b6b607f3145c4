// Auth room: POST /api/admin/login (a password), POST /api/admin/login/passkey/options and
// /api/admin/login/passkey (a passkey), POST /api/admin/logout, GET /api/admin/me and /api/admin/session.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { LoginInput, PasskeySignInInput, type AdminSession } from '#src/contract/auth'
import { freshChallengeOf } from '../sign-in-methods/challenges'
import { relyingParty } from '../sign-in-methods/passkeys'
import { signInOptions, verifyPasskeyAnswer } from '../sign-in-methods/passkey-sign-in'
import { settingsStore } from '../settings/service'
import { validate } from '#src/lib/http-error'
import { adminOf } from './admin-boundary'
import { clientIp } from '#src/plugins/client-ip'
import { loginGuard } from './login-guard'
import { createSession, deleteSession, sessionAdmin } from './service'
import { clearedSessionCookie, readSessionToken, sessionCookie } from './session-cookie'
import { routePolicies } from '#src/plugins/route-policies'

export const authRoutes = (deps: AppDeps) => {
  const { conn, config, clock } = deps
  const guard = loginGuard(deps)
  const settings = settingsStore(conn.db)
  // The relying party is SITE_URL's host; its name is the site's, as the owner set it.
  const rp = () => relyingParty(config.origin, settings.get().siteName)

  return new Elysia({ prefix: '/api/admin' }).use(routePolicies)
    .post('/login', async ({ body, request, server, set }) => {
      const input = validate(LoginInput, body)
      const { admin, method } = await guard.signIn(input, clientIp(request, server, config.trustProxy), request.headers.get('cookie'))
      const { token } = createSession(conn.db, admin.id, clock, { method, userAgent: request.headers.get('user-agent') })
      set.headers['set-cookie'] = [sessionCookie(config.origin, token), guard.deviceCookie()]
      set.headers['cache-control'] = 'no-store'
      return { ok: true as const }
    }, { bodyLimit: 4 * 1024 })
    .post('/login/passkey/options', async ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      return signInOptions(rp(), clock)
    }, { bodyLimit: 1024 })
    .post('/login/passkey', async ({ body, request, server, set }) => {
      const input = validate(PasskeySignInInput, body)
      // Before the throttle: an answer to a challenge made elsewhere, or expired, is nobody's failure.
      const challenge = freshChallengeOf(input.response.response.clientDataJSON, clock.now())
      const admin = await guard.passkeySignIn(clientIp(request, server, config.trustProxy), request.headers.get('cookie'), () => verifyPasskeyAnswer(conn.db, rp(), input, challenge, clock))
      const { token } = createSession(conn.db, admin.id, clock, { method: 'passkey', userAgent: request.headers.get('user-agent') })
      set.headers['set-cookie'] = [sessionCookie(config.origin, token), guard.deviceCookie()]
      set.headers['cache-control'] = 'no-store'
      return { ok: true as const }
    }, { bodyLimit: 16 * 1024 })
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
}
