// Contact room: POST /api/contact (the form's JSON call), POST /contact (the same form posted
// without JavaScript, form-routes.ts) and the admin inbox of messages-routes.ts.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { CONTACT_SENT } from '#src/contract/contact'
import { clientIp } from '#src/plugins/client-ip'
import type { AnalyticsCollector } from '#src/features/analytics'
import { contactFormRoutes, type ContactPageAnswer } from './form-routes'
import { messagesRoutes } from './messages-routes'
import { contactReceiver } from './receive'

/** `formPage`: the contact page that answers a form posted without JavaScript (src/web renders it). */
export const contactRoutes = (deps: AppDeps, analytics: AnalyticsCollector, formPage: ContactPageAnswer) => {
  const receive = contactReceiver(deps, analytics)
  const sent = () => ({ ok: true as const, message: CONTACT_SENT })

  return new Elysia()
    .post('/api/contact', async ({ body, request, server }) => {
      await receive(body, { ip: clientIp(request, server, deps.config.trustProxy), headers: request.headers })
      return sent()
    })
    .use(contactFormRoutes(deps, receive, formPage))
    .use(messagesRoutes(deps))
}
