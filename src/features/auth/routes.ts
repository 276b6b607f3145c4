// Auth room: POST /api/admin/login, POST /api/admin/logout, GET /api/admin/me.
import { Elysia } from 'elysia'
import type { AppDeps } from '../../app-deps'
import { LoginInput } from '../../contract/auth'
import { HttpError, tooMany, validate } from '../../lib/http-error'
import { adminOf } from '../../plugins/admin-boundary'
import { clientIp } from '../../plugins/client-ip'
import { BUSY, HashGate, LoginThrottle } from './login-throttle'
import { createSession, deleteSession, verifyCredentials } from './service'
import { clearedSessionCookie, readSessionToken, sessionCookie } from './session-cookie'

export const authRoutes = (deps: AppDeps) => {
  const { conn, config, clock } = deps
  const throttle = new LoginThrottle(clock)
  const gate = new HashGate()

  return new Elysia({ prefix: '/api/admin' })
    .post('/login', async ({ body, request, server, set }) => {
      const input = validate(LoginInput, body)
      const keys = [`ip:${clientIp(request, server, config.trustProxy)}`, `account:${input.email.toLowerCase()}`]
      const wait = throttle.retryAfter(keys)
      if (wait > 0) throw tooMany(wait, 'Too many failed sign-in attempts. Try again later.')
      const admin = await gate.run(() => verifyCredentials(conn.db, input.email, input.password))
      if (admin === BUSY) throw tooMany(1, 'Too many sign-in attempts at once. Try again shortly.')
      if (admin === null) {
        throttle.fail(keys)
        throw new HttpError(401, 'Invalid credentials')
      }
      throttle.succeed(keys)
      const { token } = createSession(conn.db, admin.id, clock)
      set.headers['set-cookie'] = sessionCookie(config.siteUrl, token)
      set.headers['cache-control'] = 'no-store'
      return { ok: true as const }
    })
    .post('/logout', ({ request, set }) => {
      const token = readSessionToken(request.headers.get('cookie'), config.siteUrl)
      if (token) deleteSession(conn.db, token)
      set.headers['set-cookie'] = clearedSessionCookie(config.siteUrl)
      return { ok: true as const }
    })
    .get('/me', ({ request }) => ({ email: adminOf(request).email }))
}
