// The compiled binary carries nodemailer: started alone like a self-hoster runs it, it emails a
// contact message over a real SMTP conversation and posts it to the webhook.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { contact } from '#tests/support/data/contact'
import { binaryPath, startBinary } from '#tests/support/server/binary'
import { ADMIN } from '#tests/support/server/server'
import { startSmtpSink, type SmtpSink } from '#tests/support/server/smtp-sink'
import { startWebhookSink, until, type WebhookSink } from '#tests/support/server/webhook-sink'

let smtp: SmtpSink
let hook: WebhookSink
beforeAll(async () => {
  await binaryPath()
  smtp = await startSmtpSink()
  hook = startWebhookSink()
}, 120_000)
afterAll(async () => {
  await smtp.close()
  await hook.close()
})

test('the binary emails and posts a stored contact message', async () => {
  const app = await startBinary({ env: { SEED: 'none', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'error', SMTP_URL: smtp.url, NOTIFY_WEBHOOK_URL: hook.url } })
  try {
    const { payload } = contact({ name: 'Binary Sender' })
    const res = await fetch(`${app.url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })
    expect(res.status).toBe(200)
    await until(() => smtp.mails.length === 1 && hook.calls.length === 1, 'the email and the webhook call', 15_000)
    expect(smtp.mails[0]!.headers.subject).toBe('New message from Binary Sender (General)')
    expect(smtp.mails[0]!.envelopeTo).toEqual([ADMIN.email])
    expect(hook.calls[0]!.json).toMatchObject({ type: 'contact.message', message: { name: 'Binary Sender', email: payload.email } })
  } finally {
    expect(await app.stop('SIGTERM')).toBe(0)
  }
}, 60_000)
