// Notifications across a crash (issue 19): folio runs as its own process (`npm start`), stores a
// message while neither the SMTP server nor the webhook listens, and is killed with SIGKILL right
// after the visitor's answer. Started again on the same DATA_DIR, with both receivers up, it sends
// the email and the webhook call exactly once, and a later clean restart sends nothing again. A
// call cut off mid-delivery is sent again: at least once, with the same Idempotency-Key.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { contact } from '#tests/support/data/contact'
import { freePort, spawnMain, waitForHealth } from '#tests/support/server/process'
import { ADMIN } from '#tests/support/server/server'
import { signIn } from '#tests/support/server/crash-harness'
import { smtpUrlFor, startSmtpSink } from '#tests/support/server/smtp-sink'
import { startWebhookSink, until } from '#tests/support/server/webhook-sink'

const dirs: string[] = []
const cleanup: (() => unknown)[] = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** folio as its own process on a fresh DATA_DIR, started (again) by start(); `extra` names the channels. */
async function folio(extra: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'folio-notify-crash-'))
  dirs.push(dir)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'data'), SEED: 'none', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'error', ...extra }
  const start = async () => {
    const proc = spawnMain(env, dir)
    cleanup.push(() => proc.kill('SIGKILL'))
    await waitForHealth(url)
    return proc
  }
  const send = async (name: string) => {
    const { payload } = contact({ name })
    const res = await fetch(`${url}/api/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) })
    expect(res.status).toBe(200)
    return payload
  }
  const storedId = async (email: string) => {
    const inbox = (await (await fetch(`${url}/api/admin/messages`, { headers: { cookie: await signIn(url) } })).json()) as { items: { id: string; email: string }[] }
    return inbox.items.find((m) => m.email === email)!.id
  }
  return { start, send, storedId }
}

test('a message stored right before a SIGKILL is emailed and posted exactly once after the restart', async () => {
  const [smtpPort, hookPort] = [await freePort(), await freePort()]
  const app = await folio({ SMTP_URL: smtpUrlFor(smtpPort), NOTIFY_WEBHOOK_URL: `http://127.0.0.1:${hookPort}/hook` })

  const first = await app.start()
  const payload = await app.send('Crash Test')
  first.kill('SIGKILL')
  expect(await first.exited).not.toBe(0)
  expect(first.signalCode).toBe('SIGKILL')

  // Only now does anyone listen: the first process cannot have delivered anything.
  const smtp = await startSmtpSink(smtpPort)
  const hook = startWebhookSink(hookPort)
  cleanup.push(() => smtp.close(), () => hook.close())

  const second = await app.start()
  await until(() => smtp.mails.length >= 1 && hook.calls.length >= 1, 'the notifications after the restart', 15_000)
  const id = await app.storedId(payload.email)

  // A clean restart afterwards: what was delivered is not sent again.
  second.kill('SIGTERM')
  expect(await second.exited).toBe(0)
  const third = await app.start()
  await Bun.sleep(800)
  third.kill('SIGTERM')
  expect(await third.exited).toBe(0)

  expect(smtp.mails).toHaveLength(1)
  expect(smtp.mails[0]!.headers['message-id']).toBe(`<contact-${id}@localhost>`)
  expect(smtp.mails[0]!.headers.subject).toContain('Crash Test')
  expect(hook.calls).toHaveLength(1)
  expect(hook.calls[0]!.headers.get('idempotency-key')).toBe(id)
  expect((hook.calls[0]!.json as { message: { id: string } }).message.id).toBe(id)
}, 90_000)

test('a webhook call cut off by a SIGKILL is sent again after the restart, with the same Idempotency-Key and body', async () => {
  const hook = startWebhookSink()
  cleanup.push(() => hook.close())
  hook.holdNext(1)
  const app = await folio({ NOTIFY_WEBHOOK_URL: hook.url })

  const first = await app.start()
  const payload = await app.send('Cut Off')
  // The receiver has the whole call, but folio never hears back: it cannot know it arrived.
  await until(() => hook.calls.length === 1, 'the held call')
  first.kill('SIGKILL')
  await first.exited

  const second = await app.start()
  await until(() => hook.delivered().length === 1, 'the call after the restart', 15_000)
  const id = await app.storedId(payload.email)
  second.kill('SIGTERM')
  expect(await second.exited).toBe(0)

  expect(hook.calls.map((c) => c.answered)).toEqual([0, 200])
  expect(hook.calls.map((c) => c.headers.get('idempotency-key'))).toEqual([id, id])
  expect(hook.calls[1]!.text).toBe(hook.calls[0]!.text)
}, 90_000)
