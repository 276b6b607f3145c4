// Setup room: GET /api/admin/setup (does an admin exist?) and POST /api/admin/setup (a one-time
// setup token makes the first admin and signs it in). Both public: outside the admin boundary's
// session check, inside its origin check (src/features/auth/admin-boundary.ts).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { SETUP_MESSAGES, SetupInput, type SetupState } from '#src/contract/owner/setup'
import { clientSource } from '#src/lib/client-source'
import { conflict, HttpError, tooMany, validate } from '#src/lib/http-error'
import { clientIp } from '#src/plugins/client-ip'
import { routePolicies } from '#src/plugins/route-policies'
import { createSession, hashPassword, LoginThrottle, sessionCookie } from '#src/features/auth'
import { adminExists, createFirstAdmin, setupTokenValid } from './service'

const exists = () => conflict(SETUP_MESSAGES.exists)
const invalid = () => new HttpError(403, SETUP_MESSAGES.invalid)

export const setupRoutes = ({ conn, config, clock }: AppDeps) => {
  // Wrong tokens count against their source as wrong passwords do (4 free, then 10 minutes
  // doubling): guessing a 256-bit token is hopeless anyway; this keeps each guess from being free.
  const throttle = new LoginThrottle(clock)

  return new Elysia({ prefix: '/api/admin' }).use(routePolicies)
    .get('/setup', ({ set }): SetupState => {
      set.headers['cache-control'] = 'no-store'
      return { adminExists: adminExists(conn.db) }
    })
    .post('/setup', async ({ body, request, server, set }) => {
      const input = validate(SetupInput, body)
      if (adminExists(conn.db)) throw exists()
      const source = clientSource(clientIp(request, server, config.trustProxy))
      // Reserved, checked and settled in one tick: parallel guesses cannot all pass the check first.
      const wait = throttle.reserve(source)
      if (wait > 0) throw tooMany(wait, 'Too many wrong setup addresses. Try again later.')
      if (!setupTokenValid(conn.db, input.token, clock)) throw invalid()
      throttle.succeed(source)
      const passwordHash = await hashPassword(input.password)
      const admin = createFirstAdmin(conn.db, { token: input.token, email: input.email, passwordHash }, clock)
      if (admin === 'exists') throw exists()
      if (admin === 'invalid') throw invalid()
      const { token } = createSession(conn.db, admin.id, clock, { method: 'setup', userAgent: request.headers.get('user-agent') })
      set.status = 201
      set.headers['set-cookie'] = sessionCookie(config.origin, token)
      set.headers['cache-control'] = 'no-store'
      return { ok: true as const }
    }, { bodyLimit: 16 * 1024 })
}
