// Contact room: POST /api/contact (public form) plus the admin inbox of messages-routes.ts.
import { Elysia } from 'elysia'
import type { AppDeps } from '../../app-deps'
import { CAPTCHA_MESSAGES, CONTACT_SENT, ContactPayload, ContactPayloadWithCaptcha } from '../../contract/contact'
import { issuesToDetails } from '../../contract/errors'
import { badRequest, HttpError, tooMany } from '../../lib/http-error'
import { RateLimiter } from '../../lib/rate-limit'
import { clientIp } from '../../plugins/client-ip'
import { verifyCaptcha } from './captcha'
import { messagesRoutes } from './messages-routes'
import { createMessage } from './service'

/** Per IP; every attempt counts, valid or not, so floods of junk are slowed as well. */
export const CONTACT_LIMIT = { max: 5, windowMs: 10 * 60 * 1000 }

function readPayload(body: unknown, captchaOn: boolean): ContactPayload {
  const result = (captchaOn ? ContactPayloadWithCaptcha : ContactPayload).safeParse(body)
  if (result.success) return result.data
  const details = issuesToDetails(result.error.issues)
  const onlyCaptcha = details.every((d) => d.path === 'hcaptchaToken')
  throw badRequest(onlyCaptcha ? details[0]!.message : 'Invalid input.', details)
}

export const contactRoutes = (deps: AppDeps) => {
  const { conn, config, clock, log } = deps
  // NOTE: one limiter per app instance, so test servers in one process never share counts.
  const limiter = new RateLimiter(CONTACT_LIMIT, clock)

  return new Elysia()
    .post('/api/contact', async ({ body, request, server }) => {
      const ip = clientIp(request, server, config.trustProxy)
      const verdict = limiter.hit(ip)
      if (!verdict.ok) throw tooMany(verdict.retryAfterSeconds, 'Too many messages. Please try again later.')
      // Validated first: an invalid form never costs a call to the verifier.
      const input = readPayload(body, config.captcha !== null)
      if (config.captcha) {
        const captcha = await verifyCaptcha(config.captcha, input.hcaptchaToken ?? '', ip, log)
        if (captcha === 'failed') throw badRequest(CAPTCHA_MESSAGES.failed)
        if (captcha === 'unavailable') throw new HttpError(503, CAPTCHA_MESSAGES.unavailable)
      }
      createMessage(conn.db, input, { ip, ua: request.headers.get('user-agent') ?? '' }, clock)
      return { ok: true as const, message: CONTACT_SENT }
    })
    .use(messagesRoutes(deps))
}
