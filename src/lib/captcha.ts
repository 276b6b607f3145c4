// Server-side hCaptcha verification (siteverify), with a hard time limit: the contact form's and
// the sign-in's under attack, so it sits below both features.
import type { Logger } from './logger'

/** HCAPTCHA_SITEKEY, HCAPTCHA_SECRET and where tokens are checked (src/config.ts). */
export type CaptchaConfig = { siteKey: string; secret: string; verifyUrl: string }
/** passed, failed (the token was refused) or unavailable (no usable answer from the verifier). */
export type CaptchaVerdict = 'passed' | 'failed' | 'unavailable'

export const VERIFY_TIMEOUT_MS = 5000

/** Error codes that mean our own keys are wrong, not the visitor's token: worth an operator's attention. */
const MISCONFIGURED = new Set(['missing-input-secret', 'invalid-input-secret', 'sitekey-secret-mismatch', 'invalid-sitekey'])

type SiteverifyAnswer = { success?: unknown; 'error-codes'?: unknown }

export async function verifyCaptcha(
  captcha: CaptchaConfig,
  token: string,
  remoteIp: string,
  log: Logger,
  timeoutMs = VERIFY_TIMEOUT_MS,
): Promise<CaptchaVerdict> {
  const form = new URLSearchParams({ secret: captcha.secret, response: token, remoteip: remoteIp, sitekey: captcha.siteKey })
  let answer: SiteverifyAnswer
  try {
    const res = await fetch(captcha.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
    if (!res.ok) {
      log.warn('captcha verifier answered with an error status', { status: res.status })
      return 'unavailable'
    }
    answer = (await res.json()) as SiteverifyAnswer
  } catch (error) {
    log.warn('captcha verifier unreachable', { error: String(error) })
    return 'unavailable'
  }
  if (answer === null || typeof answer !== 'object') return 'unavailable'
  if (answer.success === true) return 'passed'
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : []
  if (codes.some((c) => MISCONFIGURED.has(c))) log.error('captcha keys rejected by the verifier: check HCAPTCHA_SITEKEY and HCAPTCHA_SECRET', { codes })
  return 'failed'
}
