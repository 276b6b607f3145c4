// The notification variables as loadConfig reads them, and the retry schedule.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadConfig } from '#src/config'
import { nextAttemptAt, RETRY } from '#src/features/notifications/backoff'
import { DAY, HOUR } from '#src/lib/clock'

const cwd = mkdtempSync(join(tmpdir(), 'folio-notify-config-'))
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: join(cwd, 'data'), ...env }, cwd)

describe('notification configuration', () => {
  test('has every channel off by default, and a sender named after SITE_URL', () => {
    expect(load({}).notify).toEqual({ smtpUrl: null, mailFrom: 'folio <folio@localhost>', email: null, webhookUrl: null })
    expect(load({ SITE_URL: 'https://ada.example:8443/blog' }).notify.mailFrom).toBe('folio <folio@ada.example>')
  })

  test('keeps the values it accepts as they are', () => {
    const env = {
      SMTP_URL: 'smtps://me%40mail.example:s%3Acret@smtp.mail.example:465',
      MAIL_FROM: 'Ada’s site <site@ada.example>',
      NOTIFY_EMAIL: 'ada@ada.example',
      NOTIFY_WEBHOOK_URL: 'https://hooks.example/folio?token=abc',
    }
    expect(load(env).notify).toEqual({ smtpUrl: env.SMTP_URL, mailFrom: env.MAIL_FROM, email: env.NOTIFY_EMAIL, webhookUrl: env.NOTIFY_WEBHOOK_URL })
    expect(load({ SMTP_URL: 'smtp://localhost:2525', MAIL_FROM: 'site@ada.example' }).notify.smtpUrl).toBe('smtp://localhost:2525')
    for (const loopback of ['http://localhost:9000/hook', 'http://127.0.0.1/hook', 'http://[::1]:8080/']) {
      expect(load({ NOTIFY_WEBHOOK_URL: loopback }).notify.webhookUrl).toBe(loopback)
    }
  })

  test('an empty variable is the same as an unset one', () => {
    expect(load({ SMTP_URL: '', MAIL_FROM: '', NOTIFY_EMAIL: '', NOTIFY_WEBHOOK_URL: '' }).notify).toEqual(load({}).notify)
  })

  test.each([
    ['SMTP_URL', 'mail.example.com:587', 'must be smtp://user:password@host:port'],
    ['SMTP_URL', 'https://mail.example.com', 'must be smtp://user:password@host:port'],
    ['SMTP_URL', 'smtp://', 'must be smtp://user:password@host:port'],
    ['MAIL_FROM', 'folio', 'must be an address such as folio@example.com'],
    ['MAIL_FROM', 'folio <folio@example.com>\r\nBcc: x@y.z', 'must be an address such as folio@example.com'],
    ['NOTIFY_EMAIL', 'owner', 'must be one email address'],
    ['NOTIFY_EMAIL', 'a@example.com, b@example.com', 'must be one email address'],
    ['NOTIFY_WEBHOOK_URL', 'http://hooks.example/folio', 'must be an https URL (plain http only to localhost, 127.0.0.1 or [::1])'],
    ['NOTIFY_WEBHOOK_URL', 'ftp://hooks.example/folio', 'must be an https URL'],
    ['NOTIFY_WEBHOOK_URL', 'not a url', 'must be an https URL'],
  ])('refuses %s=%j with a message naming the variable', (variable, value, message) => {
    let error: unknown
    try {
      load({ [variable]: value })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).variable).toBe(variable)
    expect((error as ConfigError).message).toStartWith(`Invalid configuration: ${variable} ${message}`)
  })
})

describe('retry schedule', () => {
  const created = new Date('2026-06-01T12:00:00Z')
  const after = (ms: number) => new Date(created.getTime() + ms)

  test('waits 30 s, 2 min, 10 min, 1 h, then 6 h between tries', () => {
    const waits = [1, 2, 3, 4, 5, 6].map((n) => nextAttemptAt(n, created, after(HOUR), RETRY)!.getTime() - after(HOUR).getTime())
    expect(waits).toEqual([30_000, 120_000, 600_000, HOUR, 6 * HOUR, 6 * HOUR])
  })

  test('tries a last time 24 h after the message, then gives up', () => {
    expect(nextAttemptAt(7, created, after(20 * HOUR))).toEqual(after(DAY))
    expect(nextAttemptAt(8, created, after(DAY))).toBeNull()
    expect(nextAttemptAt(1, created, after(2 * DAY))).toBeNull()
  })
})
