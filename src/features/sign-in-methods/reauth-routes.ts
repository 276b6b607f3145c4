// Sign-in methods room: POST /api/admin/reauth (the password, and a code when the second factor is
// on), POST /api/admin/reauth/passkey/options and /api/admin/reauth/passkey: the signed-in session
// proves again that it is the owner before a change to a sign-in method (decision 063).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { CODE_REQUIRED, PasskeySignInInput, REAUTH_MESSAGES, ReauthInput, SECOND_FACTOR_MESSAGES, type Reauthenticated } from '#src/contract/auth'
import { badRequest, validate } from '#src/lib/http-error'
import { routePolicies } from '#src/plugins/route-policies'
import { adminOf, verifyCredentials } from '#src/features/auth'
import { freshChallengeOf } from './challenges'
import { signInOptions, verifyPasskeyAnswer } from './passkey-sign-in'
import { passkeyCredentials, type RelyingParty } from './passkeys'
import { recordProof } from './recent-proof'
import type { SessionChecks } from './session-checks'
import { codeStep, hasSecondFactor, useSecondFactor } from './totp'
import type { TotpVault } from './totp-vault'

const refused = (message: string, code: string, path?: string) => badRequest(message, [{ message, code, ...(path ? { path } : {}) }])

export const reauthRoutes = ({ conn, clock }: AppDeps, { vault, checks, rp }: { vault: TotpVault; checks: SessionChecks; rp: () => RelyingParty }) =>
  new Elysia({ prefix: '/api/admin' }).use(routePolicies)
    // NOTE: a refusal here is a 400, never a 401: the admin's client reads a 401 as a session that ended.
    .post('/reauth', async ({ body, request, set }): Promise<Reauthenticated> => {
      const input = validate(ReauthInput, body)
      const me = adminOf(request)
      checks.begin(me.sessionId)
      if (!(await verifyCredentials(conn.db, me.email, input.password))) throw refused(REAUTH_MESSAGES.wrongPassword, 'invalid_password', 'password')
      if (hasSecondFactor(conn.db, me.id)) {
        if (!input.code) {
          checks.notCounted(me.sessionId)
          throw refused(SECOND_FACTOR_MESSAGES.required, CODE_REQUIRED, 'code')
        }
        if (!useSecondFactor(conn.db, vault, me.id, input.code, clock)) throw refused(SECOND_FACTOR_MESSAGES.wrong, 'invalid_code', 'code')
        const step = codeStep(conn.db, vault, me.id, input.code, clock)
        if (step !== null) checks.rememberStep(me.sessionId, step)
      }
      checks.passed(me.sessionId)
      set.headers['cache-control'] = 'no-store'
      return { reauthenticatedUntil: recordProof(conn.db, me.sessionId, clock) }
    }, { bodyLimit: 4 * 1024 })
    .post('/reauth/passkey/options', async ({ request, set }) => {
      set.headers['cache-control'] = 'no-store'
      return signInOptions(rp(), clock, passkeyCredentials(conn.db, adminOf(request).id))
    }, { bodyLimit: 1024 })
    .post('/reauth/passkey', async ({ body, request, set }): Promise<Reauthenticated> => {
      const input = validate(PasskeySignInInput, body)
      const me = adminOf(request)
      const challenge = freshChallengeOf(input.response.response.clientDataJSON, clock.now())
      checks.begin(me.sessionId)
      if (!(await verifyPasskeyAnswer(conn.db, rp(), input, challenge, clock, me.id))) throw refused(REAUTH_MESSAGES.passkeyRefused, 'passkey_refused')
      checks.passed(me.sessionId)
      set.headers['cache-control'] = 'no-store'
      return { reauthenticatedUntil: recordProof(conn.db, me.sessionId, clock) }
    }, { bodyLimit: 16 * 1024 })
