// Sign-in methods room (issue 23): the admin's passkeys, the TOTP second factor and its recovery
// codes, the password policy, and the sessions list. Every change needs a recent proof that the
// session is the owner's, is logged at warn and announced to the owner (decision 063). Signing in
// (password, code, passkey) is ./login-routes.ts; re-authenticating is ./reauth-routes.ts.
import { Elysia } from 'elysia'
import { eq } from 'drizzle-orm'
import { admins } from '#db/schema'
import type { AppDeps } from '#src/app-deps'
import {
  PasskeyNameInput,
  PasskeyRegistrationInput,
  PasswordSignInSetting,
  SecondFactorInput,
  SECOND_FACTOR_MESSAGES,
  TotpCodeInput,
  type RecoveryCodes,
  type SecurityOverview,
} from '#src/contract/auth'
import { badRequest, HttpError, validate } from '#src/lib/http-error'
import { routePolicies } from '#src/plugins/route-policies'
import { adminOf, passwordSignInAllowed, type SessionOf } from '#src/features/auth'
import { settingsStore } from '#src/features/settings'
import { loginRoutes } from './login-routes'
import { securityNotices } from './notices'
import { listPasskeys, passkeyCount, registrationOptions, relyingParty, removePasskey, renamePasskey, verifyNewPasskey } from './passkeys'
import { reauthRoutes } from './reauth-routes'
import { requireRecentProof } from './recent-proof'
import { sessionChecks } from './session-checks'
import { browserOf, endOtherSessions, listSessions } from './sessions'
import { codeStep, finishEnrolment, hasSecondFactor, recoveryCodesLeft, removeSecondFactor, replaceRecoveryCodes, startEnrolment, useSecondFactor } from './totp'
import { sealClearSecrets, totpVault } from './totp-vault'

const wrongCode = () => badRequest(SECOND_FACTOR_MESSAGES.wrong, [{ message: SECOND_FACTOR_MESSAGES.wrong, code: 'invalid_code', path: 'code' }])

export const signInMethodRoutes = (deps: AppDeps) => {
  const { conn, config, clock, log } = deps
  const settings = settingsStore(conn.db)
  const vault = totpVault(config.dataDir)
  // NOTE: once, as the app is composed at start (after the migrations): a secret an older folio
  // stored in clear is sealed before any request reads it.
  sealClearSecrets(conn, vault, log)
  const rp = () => relyingParty(config.origin, settings.get().siteName)
  const checks = sessionChecks(clock)
  const notices = securityNotices(deps)
  const noStore = (set: { headers: Record<string, unknown> }) => (set.headers['cache-control'] = 'no-store')
  const browser = (request: Request) => browserOf(request.headers.get('user-agent'))

  /** The signed-in admin, once its session proved recently that it is the owner (else 403 reauth_required). */
  function recentAdmin(request: Request): SessionOf {
    const me = adminOf(request)
    requireRecentProof(conn.db, me.sessionId, clock)
    return me
  }

  /**
   * A current code (or a recovery code) for a change, throttled per session: a stolen session
   * cannot try them all. The code its re-authentication just took counts once more (session-checks.ts).
   */
  function confirmCode(me: SessionOf, code: string) {
    checks.begin(me.sessionId)
    const taken = useSecondFactor(conn.db, vault, me.id, code, clock)
    const step = taken ? null : codeStep(conn.db, vault, me.id, code, clock)
    if (!taken && !(step !== null && checks.takeStep(me.sessionId, step))) throw wrongCode()
    checks.passed(me.sessionId)
  }

  const routes = new Elysia({ prefix: '/api/admin' }).use(routePolicies)
    .get('/security', ({ request, set }): SecurityOverview => {
      noStore(set)
      const me = adminOf(request)
      const row = conn.db.select({ enabledAt: admins.totpEnabledAt }).from(admins).where(eq(admins.id, me.id)).get()
      return {
        passwordSignIn: passwordSignInAllowed(conn.db),
        totp: { enabled: !!row?.enabledAt, enabledAt: row?.enabledAt ?? null, recoveryCodesLeft: recoveryCodesLeft(conn.db, me.id) },
        passkeys: listPasskeys(conn.db, me.id),
        sessions: listSessions(conn.db, me.id, me.sessionId, clock),
      }
    })
    .put('/security/password-sign-in', ({ body, request }) => {
      const { enabled } = validate(PasswordSignInSetting, body)
      const me = recentAdmin(request)
      if (!enabled && passkeyCount(conn.db, me.id) === 0) throw new HttpError(409, 'Add a passkey before turning password sign-in off, or you could not sign in at all.')
      notices.change(
        (tx) => tx.update(admins).set({ passwordSignIn: enabled }).where(eq(admins.id, me.id)).run(),
        () => (enabled ? 'Password sign-in was turned on.' : 'Password sign-in was turned off: only a passkey signs in now.'),
        browser(request),
      )
      return { passwordSignIn: enabled }
    })
    .post('/passkeys/options', async ({ request, set }) => {
      noStore(set)
      return registrationOptions(conn.db, recentAdmin(request), rp(), clock)
    })
    .post('/passkeys', async ({ body, request, set }) => {
      const input = validate(PasskeyRegistrationInput, body)
      const store = await verifyNewPasskey(recentAdmin(request), rp(), input, clock)
      set.status = 201
      return notices.change(store, (p) => `A passkey “${p.name}” was added.`, browser(request))
    }, { bodyLimit: 96 * 1024 })
    // A name is how the owner tells passkeys apart; it changes no way of signing in.
    .patch('/passkeys/:id', ({ body, params, request }) => renamePasskey(conn.db, adminOf(request).id, params.id, validate(PasskeyNameInput, body).name))
    .delete('/passkeys/:id', ({ params, request }) => {
      const me = recentAdmin(request)
      notices.change((tx) => removePasskey(tx, me.id, params.id), (name) => `The passkey “${name}” was removed.`, browser(request))
      return { ok: true as const }
    })
    .post('/totp/setup', ({ request, set }) => {
      noStore(set)
      const me = recentAdmin(request)
      if (hasSecondFactor(conn.db, me.id)) throw new HttpError(409, 'A second factor is on already: turn it off first to enrol another.')
      return startEnrolment(me.id, me.email, settings.get().siteName, clock)
    })
    .post('/totp/enable', ({ body, request, set }): RecoveryCodes => {
      const { code } = validate(TotpCodeInput, body)
      const me = recentAdmin(request)
      const codes = notices.change(
        (tx) => {
          const made = finishEnrolment(tx, vault, me.id, code, clock)
          if (!made) throw wrongCode()
          return made
        },
        () => 'An authenticator app was turned on: signing in with the password now also asks for its code.',
        browser(request),
      )
      noStore(set)
      return { recoveryCodes: codes }
    })
    .post('/totp/disable', ({ body, request }) => {
      const { code } = validate(SecondFactorInput, body)
      const me = recentAdmin(request)
      confirmCode(me, code)
      notices.change((tx) => removeSecondFactor(tx, me.id), () => 'The authenticator app was turned off: the password alone signs in again.', browser(request))
      return { ok: true as const }
    })
    .post('/totp/recovery-codes', ({ body, request, set }): RecoveryCodes => {
      const { code } = validate(SecondFactorInput, body)
      const me = recentAdmin(request)
      confirmCode(me, code)
      noStore(set)
      return { recoveryCodes: notices.change((tx) => replaceRecoveryCodes(tx, me.id, clock), () => 'New recovery codes were made; the old ones no longer work.', browser(request)) }
    })
    .delete('/sessions/others', ({ request }) => {
      const me = adminOf(request)
      return { ended: endOtherSessions(conn.db, me.id, me.sessionId) }
    })
  // Side by side, not nested: a nested instance would get this one's prefix twice.
  return new Elysia().use(loginRoutes(deps, rp)).use(reauthRoutes(deps, { vault, checks, rp })).use(routes)
}
