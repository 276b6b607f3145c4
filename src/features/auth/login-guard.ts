// Auth room: what stands between a sign-in and its password check (docs/decisions/006).
import type { AppDeps } from '../../app-deps'
import type { LoginInput } from '../../contract/auth'
import { CAPTCHA_MESSAGES } from '../../contract/contact'
import { badRequest, HttpError, tooMany } from '../../lib/http-error'
import { verifyCaptcha } from '../contact/captcha'
import { BUSY, HashGate } from './hash-gate'
import { clientSource } from '../../lib/client-source'
import { LoginThrottle } from './login-throttle'
import { adminStamp, verifyCredentials, type Admin } from './service'

/** The wait of an address with failures on record while the account is under attack. */
export const TARPIT_MS = 1000

const locked = (seconds: number) => tooMany(seconds, 'Too many failed sign-in attempts. Try again later.')
const captchaRequired = () => badRequest(CAPTCHA_MESSAGES.required, [{ message: CAPTCHA_MESSAGES.required, code: 'invalid_type', path: 'hcaptchaToken' }])

export function loginGuard({ conn, config, clock, log }: AppDeps) {
  const throttle = new LoginThrottle(clock)
  const gate = new HashGate()

  /** The admin the credentials name; otherwise throws the answer (401, 429, or a captcha's 400 or 503). */
  async function signIn(input: LoginInput, ip: string): Promise<Admin> {
    const source = clientSource(ip)
    const owner = adminStamp(conn.db)
    throttle.observeAdmin(owner?.stamp ?? null)
    const wait = throttle.retryAfter(source)
    if (wait > 0) throw locked(wait)
    const clean = !throttle.hasFailures(source)
    // A clean address is never slowed down: that is how the owner gets in during an attack.
    const suspect = !clean && throttle.underAttack()
    if (suspect) {
      if (config.captcha && !input.hcaptchaToken) throw captchaRequired()
      // Before the gate, so a waiting attempt holds a timer, not a hash slot.
      await Bun.sleep(TARPIT_MS)
    }
    const reserved = throttle.reserve(source)
    if (reserved > 0) throw locked(reserved)
    if (suspect && config.captcha) {
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
      throw tooMany(1, 'Too many sign-in attempts at once. Try again shortly.')
    }
    if (admin === null) {
      if (owner && input.email.trim().toLowerCase() === owner.email) throttle.accountFailed()
      throw new HttpError(401, 'Invalid credentials')
    }
    throttle.succeed(source)
    return admin
  }

  return { signIn }
}
