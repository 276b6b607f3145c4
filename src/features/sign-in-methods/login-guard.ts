// Sign-in methods room: what stands between a sign-in and its password check (docs/decisions/security/006).
import type { AppDeps } from '#src/app-deps'
import { CODE_REQUIRED, SECOND_FACTOR_MESSAGES, type LoginInput, type SignInMethod } from '#src/contract/auth'
import { CAPTCHA_MESSAGES } from '#src/contract/contact'
import { badRequest, HttpError, tooMany } from '#src/lib/http-error'
import { adminStamp, LoginThrottle, passwordSignInAllowed, verifyCredentials, type Admin } from '#src/features/auth'
import { verifyCaptcha } from '#src/lib/captcha'
import { clientSource } from '#src/lib/client-source'
import { CodeCeiling } from './code-ceiling'
import { deviceCookies } from './device-cookie'
import { HashBudget } from './hash-budget'
import { BUSY, HashGate } from './hash-gate'
import { securityNotices } from './notices'
import { hasSecondFactor, useSecondFactor } from './totp'
import { totpVault } from './totp-vault'

/** The wait of an address with failures on record while the account is under attack. */
export const TARPIT_MS = 1000

const locked = (seconds: number) => tooMany(seconds, 'Too many failed sign-in attempts. Try again later.')
const busy = () => tooMany(1, 'Too many sign-in attempts at once. Try again shortly.')
const codeRequired = () => new HttpError(401, SECOND_FACTOR_MESSAGES.required, [{ message: SECOND_FACTOR_MESSAGES.required, code: CODE_REQUIRED, path: 'code' }])
const captchaRequired = () => badRequest(CAPTCHA_MESSAGES.required, [{ message: CAPTCHA_MESSAGES.required, code: 'invalid_type', path: 'hcaptchaToken' }])

const codesPaused = (seconds: number) => tooMany(seconds, SECOND_FACTOR_MESSAGES.paused)

export function loginGuard(deps: AppDeps) {
  const { conn, config, clock, log } = deps
  const throttle = new LoginThrottle(clock)
  const ceiling = new CodeCeiling(clock)
  const notices = securityNotices(deps)
  let seenStamp: string | null | undefined
  const gate = new HashGate()
  const budget = new HashBudget(config.loginChecks?.perSecond, config.loginChecks?.burst)
  const devices = deviceCookies(config.dataDir, config.origin)
  const vault = totpVault(config.dataDir)

  /**
   * Whose attempt it is: the owner's known browser under its device cookie, anyone else under
   * the network source. NOTE: a stranger sharing the owner's address (a NAT, or a proxy that shows
   * every visitor as 127.0.0.1) locks that address, never the browser that signed in before.
   */
  function sourceOf(ip: string, cookies: string | null) {
    const owner = adminStamp(conn.db)
    throttle.observeAdmin(owner?.stamp ?? null)
    if (seenStamp !== undefined && seenStamp !== (owner?.stamp ?? null)) ceiling.forget()
    seenStamp = owner?.stamp ?? null
    const device = devices.identity(cookies, owner?.stamp, clock.now())
    const address = clientSource(ip)
    return { source: device ?? address, address, known: device !== null, owner }
  }

  /**
   * The admin the credentials name and how they were proved; otherwise throws the answer (401, a
   * 403 when password sign-in is off, 429, or a captcha's 400 or 503). With a second factor, the
   * password alone is a 401 asking for the code; a wrong code is a failure like a wrong password.
   * `cookies`: the request's Cookie header, where the owner's known-device cookie is.
   */
  async function signIn(input: LoginInput, ip: string, cookies: string | null): Promise<{ admin: Admin; method: SignInMethod }> {
    const { source, address, known, owner } = sourceOf(ip, cookies)
    const wait = throttle.retryAfter(source)
    if (wait > 0) throw locked(wait)
    // Told before any hash: the policy is no secret, and a refused method costs nothing.
    if (!passwordSignInAllowed(conn.db)) throw new HttpError(403, SECOND_FACTOR_MESSAGES.passwordOff)
    const clean = known || !throttle.hasFailures(source)
    // A clean address is never slowed down: that is how the owner gets in during an attack.
    const suspect = !clean && throttle.underAttack()
    // Past the budget a stranger's check needs the captcha, or waits: a flood from fresh addresses
    // is clean by every per-address measure, and its hashes would take every core.
    const metered = !known && budget.take()
    const overBudget = !known && !metered
    if (overBudget && !config.captcha) throw busy()
    if (overBudget && !input.hcaptchaToken) throw captchaRequired()
    if (suspect) {
      if (config.captcha && !input.hcaptchaToken) throw captchaRequired()
      // Before the gate, so a waiting attempt holds a timer, not a hash slot.
      await Bun.sleep(TARPIT_MS)
    }
    const reserved = throttle.reserve(source)
    if (reserved > 0) {
      if (metered) budget.refund()
      throw locked(reserved)
    }
    if ((suspect || overBudget) && config.captcha) {
      const verdict = await verifyCaptcha(config.captcha, input.hcaptchaToken ?? '', ip, log)
      if (verdict === 'unavailable') {
        throttle.refund(source)
        throw new HttpError(503, CAPTCHA_MESSAGES.unavailable)
      }
      // A refused token keeps its reservation: it counts as a failure of its source.
      if (verdict === 'failed') throw badRequest(CAPTCHA_MESSAGES.failed)
    }
    const admin = await gate.run({ source, clean }, () => verifyCredentials(conn.db, input.email, input.password))
    if (admin === BUSY) {
      throttle.refund(source)
      throw busy()
    }
    if (admin === null) {
      if (owner && input.email.trim().toLowerCase() === owner.email) throttle.accountFailed()
      throw new HttpError(401, 'Invalid credentials')
    }
    let method: SignInMethod = 'password'
    if (hasSecondFactor(conn.db, admin.id)) {
      // The right password and no code yet: not a failure, the form now asks for the code.
      if (!input.code) {
        throttle.refund(source)
        if (metered) budget.refund()
        throw codeRequired()
      }
      // Past the account's ceiling no code is checked; the owner's known browser is exempt (decision 063).
      const paused = known ? 0 : ceiling.wait()
      if (paused > 0) {
        throttle.refund(source)
        if (metered) budget.refund()
        throw codesPaused(paused)
      }
      const used = useSecondFactor(conn.db, vault, admin.id, input.code, clock)
      // A wrong, reused or stale code keeps its reservation: codes are throttled like passwords,
      // counted for the account too, and the owner hears of it (the password is known).
      if (!used) {
        ceiling.failed()
        notices.wrongCode(address)
        throw new HttpError(401, SECOND_FACTOR_MESSAGES.wrong, [{ message: SECOND_FACTOR_MESSAGES.wrong, code: 'invalid_code', path: 'code' }])
      }
      method = used === 'totp' ? 'password+totp' : 'password+recovery'
    }
    throttle.succeed(source)
    // The budget is for wrong guesses: the owner's own sign-ins never spend it.
    if (metered) budget.refund()
    return { admin, method }
  }

  /**
   * A passkey sign-in, throttled by source like a password: an address that keeps sending
   * answers that do not verify waits as one that keeps guessing. No hash runs, so no gate.
   */
  async function passkeySignIn(ip: string, cookies: string | null, attempt: () => Promise<Admin | null>): Promise<Admin> {
    const { source } = sourceOf(ip, cookies)
    const reserved = throttle.reserve(source)
    if (reserved > 0) throw locked(reserved)
    const admin = await attempt()
    if (!admin) throw new HttpError(401, 'That passkey could not sign you in. Try again, or use your password.')
    throttle.succeed(source)
    return admin
  }

  /** The known-device cookie for the browser that just signed in. */
  const deviceCookie = () => devices.issue(adminStamp(conn.db)?.stamp ?? '', clock.now())

  return { signIn, passkeySignIn, deviceCookie }
}
