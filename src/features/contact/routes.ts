// Contact room: POST /api/contact (public form) plus the admin inbox of messages-routes.ts.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { CAPTCHA_MESSAGES, CONTACT_SENT, ContactPayload, ContactPayloadWithCaptcha } from '#src/contract/contact'
import { issuesToDetails } from '#src/contract/errors'
import { badRequest, HttpError, tooMany } from '#src/lib/http-error'
import { clientIp } from '#src/plugins/client-ip'
import { GOALS } from '#src/contract/analytics'
import type { AnalyticsCollector } from '../analytics/collector'
import { verifyCaptcha } from './captcha'
import { contactGuards, dropReason } from './guards'
import { messagesRoutes } from './messages-routes'
import { createMessage } from './service'
import { channelsOf, enqueueNotifications, notifiedMessage } from '../notifications/outbox'
import { clientSource } from '#src/lib/client-source'

function readPayload(body: unknown, captchaOn: boolean): ContactPayload {
  const result = (captchaOn ? ContactPayloadWithCaptcha : ContactPayload).safeParse(body)
  if (result.success) return result.data
  const details = issuesToDetails(result.error.issues)
  const onlyCaptcha = details.every((d) => d.path === 'hcaptchaToken')
  throw badRequest(onlyCaptcha ? details[0]!.message : 'Invalid input.', details)
}

export const contactRoutes = (deps: AppDeps, analytics: AnalyticsCollector) => {
  const { conn, config, clock, log } = deps
  const guards = contactGuards(config, clock)
  const channels = channelsOf(config.notify)
  const sent = () => ({ ok: true as const, message: CONTACT_SENT })

  return new Elysia()
    .post('/api/contact', async ({ body, request, server }) => {
      const ip = clientIp(request, server, config.trustProxy)
      const verdict = guards.perIp.hit(clientSource(ip))
      if (!verdict.ok) throw tooMany(verdict.retryAfterSeconds, 'Too many messages. Please try again later.')
      // Validated first: an invalid form never costs a call to the verifier.
      const input = readPayload(body, config.captcha !== null)
      if (config.captcha) {
        const captcha = await verifyCaptcha(config.captcha, input.hcaptchaToken ?? '', ip, log)
        if (captcha === 'failed') throw badRequest(CAPTCHA_MESSAGES.failed)
        if (captcha === 'unavailable') throw new HttpError(503, CAPTCHA_MESSAGES.unavailable)
      }
      // A bot is answered exactly as a person would be, so it learns nothing to adapt to; its
      // message does not count towards the global cap, so bots cannot shut people out with it.
      const reason = dropReason(input, guards.minFillMs)
      if (reason) {
        log.info('contact message dropped', { reason })
        return sent()
      }
      const global = guards.global.hit('all')
      if (!global.ok) throw tooMany(global.retryAfterSeconds, 'Too many messages right now. Please try again later.')
      const hit = { headers: request.headers, ip }
      const visit = analytics.visitOf(hit)
      // The message and its notifications are stored together: a crash after the answer loses neither.
      conn.db.transaction((tx) => {
        const message = createMessage(tx, input, { ip, ua: request.headers.get('user-agent') ?? '' }, clock, visit)
        enqueueNotifications(tx, notifiedMessage(message), channels, clock.now())
      }, { behavior: 'immediate' })
      // Sending happens in the background: the visitor's answer never waits for it.
      deps.notifier?.wake()
      analytics.goal(GOALS.contactSent, hit)
      return sent()
    })
    .use(messagesRoutes(deps))
}
