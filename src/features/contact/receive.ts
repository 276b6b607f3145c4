// Contact room: one message received, whichever door it came through (POST /api/contact, or the
// form posted without JavaScript to POST /contact): the same per-IP and global limits, schema,
// captcha and spam guards, in this one place.
import type { AppDeps } from '#src/app-deps'
import { CAPTCHA_MESSAGES, ContactPayload, ContactPayloadWithCaptcha } from '#src/contract/contact'
import { GOALS } from '#src/contract/analytics'
import { issuesToDetails } from '#src/contract/errors'
import { badRequest, HttpError, tooMany } from '#src/lib/http-error'
import { clientSource } from '#src/lib/client-source'
import type { AnalyticsCollector } from '#src/features/analytics'
import { channelsOf, enqueueNotifications, notifiedMessage } from '#src/features/notifications'
import { verifyCaptcha } from '#src/lib/captcha'
import { contactGuards, dropReason } from './guards'
import { createMessage } from './service'

/** Who sent it: the client's address (src/plugins/client-ip.ts) and the request's headers. */
export type Sender = { ip: string; headers: Headers }
/** Takes one message: resolves once it is stored (or quietly dropped); a refusal throws an HttpError. */
export type ReceiveContact = (body: unknown, sender: Sender) => Promise<void>

function readPayload(body: unknown, captchaOn: boolean): ContactPayload {
  const result = (captchaOn ? ContactPayloadWithCaptcha : ContactPayload).safeParse(body)
  if (result.success) return result.data
  const details = issuesToDetails(result.error.issues)
  const onlyCaptcha = details.every((d) => d.path === 'hcaptchaToken')
  throw badRequest(onlyCaptcha ? details[0]!.message : 'Invalid input.', details)
}

/** One receiver per app, so both doors share its limiters (one allowance per address, not two). */
export function contactReceiver(deps: AppDeps, analytics: AnalyticsCollector): ReceiveContact {
  const { conn, config, clock, log } = deps
  const guards = contactGuards(config, clock)
  const channels = channelsOf(config.notify)

  return async (body, { ip, headers }) => {
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
      return
    }
    const global = guards.global.hit('all')
    if (!global.ok) throw tooMany(global.retryAfterSeconds, 'Too many messages right now. Please try again later.')
    const hit = { headers, ip }
    const visit = analytics.visitOf(hit)
    // The message and its notifications are stored together: a crash after the answer loses neither.
    conn.db.transaction((tx) => {
      const message = createMessage(tx, input, { ip, ua: headers.get('user-agent') ?? '' }, clock, visit)
      enqueueNotifications(tx, notifiedMessage(message), channels, clock.now())
    }, { behavior: 'immediate' })
    // Sending happens in the background: the visitor's answer never waits for it.
    deps.notifier?.wake()
    analytics.goal(GOALS.contactSent, hit)
  }
}
