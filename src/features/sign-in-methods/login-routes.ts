// Sign-in methods room: POST /api/admin/login (the password, and a code when the second factor is
// on) and POST /api/admin/login/passkey/options and /api/admin/login/passkey (a passkey). The
// session they open is the auth room's.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { LoginInput, PasskeySignInInput } from '#src/contract/auth'
import { createSession, sessionCookie } from '#src/features/auth'
import { validate } from '#src/lib/http-error'
import { clientIp } from '#src/plugins/client-ip'
import { routePolicies } from '#src/plugins/route-policies'
import { freshChallengeOf } from './challenges'
import { loginGuard } from './login-guard'
import { signInOptions, verifyPasskeyAnswer } from './passkey-sign-in'
import type { RelyingParty } from './passkeys'

export const loginRoutes = (deps: AppDeps, rp: () => RelyingParty) => {
  const { conn, config, clock } = deps
  const guard = loginGuard(deps)

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
}
