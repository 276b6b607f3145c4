// Notifications of contact messages over real HTTP, a real SMTP conversation (smtp-server) and a
// local webhook receiver: each message announced once per channel, retried with backoff, never
// for a dropped message, never making the visitor wait; and the admin's test notification.
import { afterEach, describe, expect, test } from 'bun:test'
import type { ContactMessage } from '#src/contract/contact'
import type { NotificationStatus } from '#src/contract/owner/notifications'
import { silentLogger, type Logger } from '#src/lib/logger'
import { contact, sendContact, storedWith } from '#tests/support/data/contact'
import { closedPortUrl } from '#tests/support/server/fake-hcaptcha'
import { ADMIN, startTestServer, type TestServer, type TestServerOptions } from '#tests/support/server/server'
import { SMTP_USER, startSmtpSink, type SmtpSink } from '#tests/support/server/smtp-sink'
import { startWebhookSink, until, type WebhookSink } from '#tests/support/server/webhook-sink'

const SITE = 'http://folio.test'
const FAST = { delaysMs: [100, 200], giveUpMs: 60_000 }
const open: { close(): Promise<void> }[] = []

afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close()
})

async function sinks(): Promise<{ smtp: SmtpSink; hook: WebhookSink }> {
  const smtp = await startSmtpSink()
  const hook = startWebhookSink()
  open.push(smtp, hook)
  return { smtp, hook }
}

async function server(env: Record<string, string>, options: Omit<TestServerOptions, 'env'> = {}): Promise<TestServer & { cookie: string }> {
  const s = await startTestServer({ ...options, env: { TRUST_PROXY: '1', SITE_URL: SITE, ...env } })
  open.push(s)
  return Object.assign(s, { cookie: await s.login() })
}

async function post(s: TestServer & { cookie: string }, overrides: Record<string, unknown> = {}): Promise<ContactMessage> {
  const { marker, payload } = contact(overrides)
  const res = await sendContact(s, payload)
  expect(res.status).toBe(200)
  const [stored] = await storedWith(s, s.cookie, marker)
  return stored!
}

const status = async (s: TestServer & { cookie: string }) => (await s.get<NotificationStatus>('/api/admin/notifications', { cookie: s.cookie })).body

/** A TCP server that accepts connections and never says a word: an SMTP server that hangs. */
function silentSmtp() {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const closer = { close: async () => listener.stop(true) }
  open.push(closer)
  return { url: `smtp://127.0.0.1:${listener.port}`, ...closer }
}

describe('a stored contact message', () => {
  test('reaches the SMTP server once (to the admin, Reply-To the sender) and the webhook once with the exact JSON', async () => {
    const { smtp, hook } = await sinks()
    const s = await server({ SMTP_URL: smtp.url, NOTIFY_WEBHOOK_URL: hook.url })
    const m = await post(s, { name: 'Zoë Ångström', reason: 'collaboration', message: 'Shall we build a thing together?\nSecond line.' })
    await until(() => smtp.mails.length === 1 && hook.calls.length === 1, 'one email and one webhook call')
    // Long enough for a second copy to show up if one were coming.
    await Bun.sleep(400)
    expect(smtp.mails).toHaveLength(1)
    expect(hook.calls).toHaveLength(1)

    const mail = smtp.mails[0]!
    expect(mail.user).toBe(SMTP_USER)
    expect(mail.envelopeTo).toEqual([ADMIN.email])
    expect(mail.headers.to).toBe(ADMIN.email)
    expect(mail.headers.from).toBe('folio <folio@folio.test>')
    expect(mail.headers['reply-to']).toBe(`Zoë Ångström <${m.email}>`)
    expect(mail.headers.subject).toBe('New message from Zoë Ångström (Collaboration)')
    expect(mail.headers['message-id']).toBe(`<contact-${m.id}@folio.test>`)
    expect(mail.headers['content-type']).toStartWith('text/plain')
    expect(mail.text).toContain('Shall we build a thing together?\nSecond line.')
    expect(mail.text).toContain(`Inbox: ${SITE}/admin/messages`)

    const call = hook.calls[0]!
    expect(call.method).toBe('POST')
    expect(call.headers.get('content-type')).toBe('application/json')
    expect(call.headers.get('idempotency-key')).toBe(m.id)
    expect(call.headers.get('x-folio-delivery')).toBe(m.id)
    expect(call.json).toEqual({
      type: 'contact.message',
      message: { id: m.id, name: 'Zoë Ångström', email: m.email, reason: 'collaboration', message: 'Shall we build a thing together?\nSecond line.', createdAt: m.createdAt },
    })
    expect(await status(s)).toEqual({ email: { to: ADMIN.email }, webhook: { host: `127.0.0.1:${hook.port}` }, pending: 0, failed: 0, lastError: null })
  })

  test('goes to NOTIFY_EMAIL when it is set, from MAIL_FROM', async () => {
    const { smtp } = await sinks()
    const s = await server({ SMTP_URL: smtp.url, NOTIFY_EMAIL: 'inbox@owner.example', MAIL_FROM: 'Site <robot@owner.example>' })
    await post(s)
    await until(() => smtp.mails.length === 1, 'the email')
    expect(smtp.mails[0]!.envelopeTo).toEqual(['inbox@owner.example'])
    expect(smtp.mails[0]!.headers.from).toBe('Site <robot@owner.example>')
  })

  test('a webhook answering 500 is tried again with backoff and then delivered once', async () => {
    const { hook } = await sinks()
    hook.failNext(2)
    const s = await server({ NOTIFY_WEBHOOK_URL: hook.url }, { config: { notifyRetry: FAST } })
    const m = await post(s)
    await until(() => hook.delivered().length === 1, 'the delivery')
    await Bun.sleep(400)
    expect(hook.calls.map((c) => c.answered)).toEqual([500, 500, 200])
    expect(hook.calls.every((c) => c.headers.get('idempotency-key') === m.id)).toBe(true)
    // The waits of the policy: 100 ms after the first failure, 200 ms after the second.
    expect(hook.calls[1]!.at - hook.calls[0]!.at).toBeGreaterThanOrEqual(90)
    expect(hook.calls[2]!.at - hook.calls[1]!.at).toBeGreaterThanOrEqual(190)
    expect(await status(s)).toMatchObject({ pending: 0, failed: 0, lastError: null })
  })

  test('a channel that keeps failing is given up at the give-up time, with an error in the log', async () => {
    const { hook } = await sinks()
    hook.failNext(1_000)
    const errors: string[] = []
    const log: Logger = { ...silentLogger, error: (msg) => void errors.push(msg) }
    const s = await server({ NOTIFY_WEBHOOK_URL: hook.url }, { config: { notifyRetry: { delaysMs: [50], giveUpMs: 400 } }, log })
    await post(s)
    await until(() => errors.includes('notification given up'), 'giving up')
    const calls = hook.calls.length
    expect(calls).toBeGreaterThanOrEqual(3)
    await Bun.sleep(300)
    expect(hook.calls).toHaveLength(calls)
    expect(await status(s)).toMatchObject({ pending: 0, failed: 1, lastError: 'webhook answered 500' })
  })

  test('a message the spam guards drop sends nothing', async () => {
    const { smtp, hook } = await sinks()
    const s = await server({ SMTP_URL: smtp.url, NOTIFY_WEBHOOK_URL: hook.url })
    for (const bot of [{ website: 'http://spam.example' }, { formMs: 200 }]) {
      const { marker, payload } = contact(bot)
      expect((await sendContact(s, payload)).status).toBe(200)
      expect(await storedWith(s, s.cookie, marker)).toEqual([])
    }
    // A person's message after the bots' is the only one announced.
    const m = await post(s)
    await until(() => smtp.mails.length === 1 && hook.calls.length === 1, 'the person’s notifications')
    await Bun.sleep(300)
    expect(smtp.mails).toHaveLength(1)
    expect(hook.calls.map((c) => (c.json as { message: { id: string } }).message.id)).toEqual([m.id])
  })

  test("the visitor's answer does not wait for an SMTP server that hangs; the email waits in the outbox", async () => {
    const smtp = silentSmtp()
    const s = await server({ SMTP_URL: smtp.url })
    const { payload } = contact()
    const started = performance.now()
    const res = await sendContact(s, payload)
    expect(res.status).toBe(200)
    expect(performance.now() - started).toBeLessThan(1_000)
    expect(await status(s)).toMatchObject({ pending: 1, failed: 0 })
    // Hung up on, the send fails at once rather than holding the shutdown.
    await smtp.close()
  })

  test('erasing or deleting a message drops its notifications that were not sent yet', async () => {
    const s = await server({ SMTP_URL: `smtp://127.0.0.1:${new URL(await closedPortUrl()).port}` }, { config: { notifyRetry: { delaysMs: [60_000], giveUpMs: 3_600_000 } } })
    const a = await post(s)
    const b = await post(s)
    expect(await status(s)).toMatchObject({ pending: 2 })
    expect((await s.request('POST', '/api/admin/messages/erase', { cookie: s.cookie, body: { email: a.email } })).status).toBe(200)
    expect(await status(s)).toMatchObject({ pending: 1 })
    expect((await s.request('DELETE', `/api/admin/messages/${b.id}`, { cookie: s.cookie })).status).toBe(200)
    expect(await status(s)).toMatchObject({ pending: 0, failed: 0 })
  })
})

describe('POST /api/admin/notifications/test', () => {
  const TEST = '/api/admin/notifications/test'

  test('sends one test email and one test webhook call straight away, past the outbox', async () => {
    const { smtp, hook } = await sinks()
    const s = await server({ SMTP_URL: smtp.url, NOTIFY_WEBHOOK_URL: hook.url })
    const res = await s.request('POST', TEST, { cookie: s.cookie })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ email: { ok: true }, webhook: { ok: true } })
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.headers.subject).toBe('folio test notification')
    expect(smtp.mails[0]!.envelopeTo).toEqual([ADMIN.email])
    expect(hook.calls).toHaveLength(1)
    expect(hook.calls[0]!.json).toMatchObject({ type: 'notification.test' })
    expect(await status(s)).toMatchObject({ pending: 0, failed: 0 })
  })

  test('reports each failing channel with its error', async () => {
    const { hook } = await sinks()
    hook.failNext(1)
    const s = await server({ SMTP_URL: `smtp://127.0.0.1:${new URL(await closedPortUrl()).port}`, NOTIFY_WEBHOOK_URL: hook.url })
    const res = await s.request('POST', TEST, { cookie: s.cookie })
    expect(res.status).toBe(200)
    expect(res.body.email.ok).toBe(false)
    expect(res.body.email.error).toMatch(/ECONNREFUSED|connect/i)
    expect(res.body.webhook).toEqual({ ok: false, error: 'webhook answered 500' })
  })

  test('answers null for each channel that is not configured', async () => {
    const s = await server({})
    expect((await s.request('POST', TEST, { cookie: s.cookie })).body).toEqual({ email: null, webhook: null })
    expect(await status(s)).toEqual({ email: null, webhook: null, pending: 0, failed: 0, lastError: null })
  })

  test('needs a session and a same-site origin, like every admin route', async () => {
    const s = await server({})
    expect((await s.request('POST', TEST)).status).toBe(401)
    expect((await s.get('/api/admin/notifications')).status).toBe(401)
    expect((await s.request('POST', TEST, { cookie: s.cookie, headers: { origin: 'https://evil.example' } })).status).toBe(403)
  })
})
