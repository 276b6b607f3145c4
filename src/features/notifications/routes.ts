// Notifications room, admin side: the channels' status (GET /api/admin/notifications) and a test
// notification sent straight to each configured channel, past the outbox (POST .../test).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import type { ChannelResult, NotificationStatus, NotificationTestResult } from '#src/contract/owner/notifications'
import { routePolicies } from '#src/plugins/route-policies'
import { NO_RECIPIENT, recipientOf, smtpMailer, testEmail } from './email'
import { outboxSummary } from './outbox'
import { errorText } from './sender'
import { postWebhook } from './webhook'

export const notificationRoutes = ({ conn, config, clock, log }: AppDeps) => {
  const { notify } = config
  // One test at a time: a second click while one runs gets the same answer.
  let running: Promise<NotificationTestResult> | null = null

  const outcome = async (channel: string, send: () => Promise<void>): Promise<ChannelResult> => {
    try {
      await send()
      return { ok: true }
    } catch (error) {
      const message = errorText(error).slice(0, 300)
      log.warn('test notification failed', { channel, error: message })
      return { ok: false, error: message }
    }
  }

  async function sendTest(): Promise<NotificationTestResult> {
    const now = clock.now()
    const email = notify.smtpUrl
      ? outcome('email', async () => {
          const to = recipientOf(conn.db, notify)
          if (!to) throw new Error(NO_RECIPIENT)
          const mailer = smtpMailer(notify.smtpUrl!)
          try {
            await mailer.send(testEmail(to, notify, config.origin, now))
          } finally {
            mailer.close()
          }
        })
      : null
    const webhook = notify.webhookUrl
      ? outcome('webhook', () => postWebhook(notify.webhookUrl!, { type: 'notification.test', sentAt: now.toISOString() }, `test-${crypto.randomUUID()}`))
      : null
    return { email: await email, webhook: await webhook }
  }

  return new Elysia()
    .use(routePolicies)
    .get('/api/admin/notifications', ({ set }): NotificationStatus => {
      set.headers['cache-control'] = 'no-store'
      return {
        email: notify.smtpUrl ? { to: recipientOf(conn.db, notify) } : null,
        webhook: notify.webhookUrl ? { host: new URL(notify.webhookUrl).host } : null,
        ...outboxSummary(conn.db),
      }
    })
    .post('/api/admin/notifications/test', async ({ set }) => {
      set.headers['cache-control'] = 'no-store'
      running ??= sendTest().finally(() => (running = null))
      return running
    }, { invalidates: [] })
}
