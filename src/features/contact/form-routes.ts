// Contact room: POST /contact, the contact form posted without JavaScript
// (application/x-www-form-urlencoded). The same receiver as POST /api/contact (limits, schema,
// captcha, honeypot, fill time); the answer is the contact page saying it was sent (200), what to
// fix (400) or why not now (429, 503), never cached. A post from another site is refused (403).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { CONTACT_SENT } from '#src/contract/contact'
import { CAPTCHA_NEEDS_JS, EMPTY_CONTACT, fieldErrors, INVALID_INPUT, refusalText, type ContactFormState, type ContactValues } from '#src/contract/contact-form'
import * as paths from '#src/contract/paths'
import { cleanText } from '#src/contract/text'
import { HttpError } from '#src/lib/http-error'
import { holdBack } from '#src/lib/hold-back'
import type { FormBody } from '#src/plugins/body'
import { clientIp } from '#src/plugins/client-ip'
import { routePolicies } from '#src/plugins/route-policies'
import { isSameOrigin } from '#src/features/auth'
import { wantsHtml } from '#src/features/resume'
import type { ReceiveContact } from './receive'

/** The contact page with the form in `state`, as the answer (src/web/contact-form-page.ts renders it; src/app.ts passes it). */
export type ContactPageAnswer = (state: ContactFormState, status: number, headers?: Record<string, string>) => Promise<Response>

/**
 * NOTE: above the JSON routes' 32 KB: percent-encoded, a character of the message may take 9
 * bytes (`%E2%82%AC`), so the longest valid message alone comes to 45 KB.
 */
export const FORM_BODY_LIMIT = 64 * 1024

export const CROSS_SITE = 'Cross-site requests are not allowed.'
/** A form too large to take, as its sender reads it (the JSON error names the byte limit). */
export const FORM_TOO_LARGE = 'The form was too large to send. Please shorten your message.'

const FIELDS = ['name', 'email', 'reason', 'message', 'website'] as const

/** What the receiver validates: the form's fields under the JSON call's names (the first of each). */
function payloadOf(fields: URLSearchParams): Record<string, string> {
  const payload: Record<string, string> = {}
  for (const name of FIELDS) {
    const value = fields.get(name)
    if (value !== null) payload[name] = value
  }
  // The name hCaptcha's own widget gives its token inside a form.
  const token = fields.get('hcaptchaToken') ?? fields.get('h-captcha-response')
  if (token) payload.hcaptchaToken = token
  return payload
}

/** The values sent back into the form to correct, control characters left out. */
const valuesOf = (fields: URLSearchParams): ContactValues => ({
  name: cleanText(fields.get('name') ?? ''),
  email: cleanText(fields.get('email') ?? ''),
  reason: cleanText(fields.get('reason') ?? ''),
  message: cleanText(fields.get('message') ?? ''),
})

const refused = (values: ContactValues, text: string, errors: ContactFormState['errors'] = {}): ContactFormState => ({ values, errors, outcome: { ok: false, text } })

export const contactFormRoutes = (deps: AppDeps, receive: ReceiveContact, page: ContactPageAnswer) => {
  const { config, log } = deps

  return new Elysia().use(routePolicies).post(
    paths.contact,
    async ({ body, request, server }) => {
      const form = body as FormBody
      if ('refused' in form) {
        // A client that asked for no page (an API tool) gets the contract's JSON error.
        if (!wantsHtml(request)) throw form.refused
        return page(refused(EMPTY_CONTACT, form.refused.status === 413 ? FORM_TOO_LARGE : form.refused.message), form.refused.status)
      }
      // NOTE: nothing of a post from another site is shown back: the page would speak its words.
      if (!isSameOrigin(request, config.origin)) return page(refused(EMPTY_CONTACT, CROSS_SITE), 403)
      const payload = payloadOf(form.fields)
      const values = valuesOf(form.fields)
      try {
        await receive(payload, { ip: clientIp(request, server, config.trustProxy), headers: request.headers })
        return await page({ values: EMPTY_CONTACT, errors: {}, outcome: { ok: true, text: CONTACT_SENT } }, 200)
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        if (error.status === 400) {
          const details = error.details ?? []
          // Without JavaScript there is no captcha token to send: say why, beside any field's message.
          const text = config.captcha && !payload.hcaptchaToken ? CAPTCHA_NEEDS_JS : (refusalText(400, error.message, details) ?? INVALID_INPUT)
          return page(refused(values, text, fieldErrors(details)), 400)
        }
        // As the errors plugin holds back every 429 (src/lib/hold-back.ts).
        if (error.status === 429) await holdBack()
        log.info('contact form refused', { status: error.status })
        return page(refused(values, error.message), error.status, error.headers)
      }
    },
    { bodyKind: 'form', bodyLimit: FORM_BODY_LIMIT },
  )
}
