// Sign-in methods room (issue 23): the admin's passkeys, the TOTP second factor and its recovery
// codes, the password policy, and the sessions list. Signing in with a passkey is the auth room's.
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
import { adminOf } from '../auth/admin-boundary'
import { passwordSignInAllowed } from '../auth/service'
import { settingsStore } from '../settings/service'
import { listPasskeys, passkeyCount, registerPasskey, registrationOptions, relyingParty, removePasskey, renamePasskey } from './passkeys'
import { endOtherSessions, listSessions } from './sessions'
import { sealClearSecrets, totpVault } from './totp-vault'
import { finishEnrolment, hasSecondFactor, recoveryCodesLeft, removeSecondFactor, replaceRecoveryCodes, startEnrolment, useSecondFactor } from './totp'

const wrongCode = () => badRequest(SECOND_FACTOR_MESSAGES.wrong, [{ message: SECOND_FACTOR_MESSAGES.wrong, code: 'invalid_code', path: 'code' }])

export const signInMethodRoutes = ({ conn, config, clock, log }: AppDeps) => {
  const settings = settingsStore(conn.db)
  const vault = totpVault(config.dataDir)
  // NOTE: once, as the app is composed at start (after the migrations): a secret an older folio
  // stored in clear is sealed before any request reads it.
  sealClearSecrets(conn, vault, log)
  const rp = () => relyingParty(config.origin, settings.get().siteName)
  const noStore = (set: { headers: Record<string, unknown> }) => (set.headers['cache-control'] = 'no-store')

  return new Elysia({ prefix: '/api/admin' }).use(routePolicies)
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
      const me = adminOf(request)
      if (!enabled && passkeyCount(conn.db, me.id) === 0) throw new HttpError(409, 'Add a passkey before turning password sign-in off, or you could not sign in at all.')
      conn.db.update(admins).set({ passwordSignIn: enabled }).where(eq(admins.id, me.id)).run()
      return { passwordSignIn: enabled }
    }, { invalidates: [] })
    .post('/passkeys/options', async ({ request, set }) => {
      noStore(set)
      return registrationOptions(conn.db, adminOf(request), rp(), clock)
    }, { invalidates: [] })
    .post('/passkeys', async ({ body, request, set }) => {
      const input = validate(PasskeyRegistrationInput, body)
      set.status = 201
      return registerPasskey(conn.db, adminOf(request), rp(), input, clock)
    }, { bodyLimit: 96 * 1024, invalidates: [] })
    .patch('/passkeys/:id', ({ body, params, request }) => renamePasskey(conn.db, adminOf(request).id, params.id, validate(PasskeyNameInput, body).name), { invalidates: [] })
    .delete('/passkeys/:id', ({ params, request }) => {
      removePasskey(conn.db, adminOf(request).id, params.id)
      return { ok: true as const }
    }, { invalidates: [] })
    .post('/totp/setup', ({ request, set }) => {
      noStore(set)
      const me = adminOf(request)
      if (hasSecondFactor(conn.db, me.id)) throw new HttpError(409, 'A second factor is on already: turn it off first to enrol another.')
      return startEnrolment(me.id, me.email, settings.get().siteName, clock)
    }, { invalidates: [] })
    .post('/totp/enable', ({ body, request, set }): RecoveryCodes => {
      const { code } = validate(TotpCodeInput, body)
      const codes = finishEnrolment(conn.db, vault, adminOf(request).id, code, clock)
      if (!codes) throw wrongCode()
      noStore(set)
      return { recoveryCodes: codes }
    }, { invalidates: [] })
    .post('/totp/disable', ({ body, request }) => {
      const { code } = validate(SecondFactorInput, body)
      const me = adminOf(request)
      if (!useSecondFactor(conn.db, vault, me.id, code, clock)) throw wrongCode()
      removeSecondFactor(conn.db, me.id)
      return { ok: true as const }
    }, { invalidates: [] })
    .post('/totp/recovery-codes', ({ body, request, set }): RecoveryCodes => {
      const { code } = validate(SecondFactorInput, body)
      const me = adminOf(request)
      if (!useSecondFactor(conn.db, vault, me.id, code, clock)) throw wrongCode()
      noStore(set)
      return { recoveryCodes: replaceRecoveryCodes(conn.db, me.id, clock) }
    }, { invalidates: [] })
    .delete('/sessions/others', ({ request }) => {
      const me = adminOf(request)
      return { ended: endOtherSessions(conn.db, me.id, me.sessionId) }
    }, { invalidates: [] })
}
