// Configuration of the notifications: the variables that say where a new contact message is
// announced (SMTP_URL, MAIL_FROM, NOTIFY_EMAIL, NOTIFY_WEBHOOK_URL), checked by src/config.ts with
// these rules; beside it, not in the feature, because the configuration is read below every feature.
import { z } from 'zod'

/** What src/config.ts keeps of them; a null channel is off. */
export type NotifyConfig = {
  /** smtp:// or smtps:// with user and password percent-encoded; nodemailer reads it as it is. */
  smtpUrl: string | null
  /** The From of every notification email. */
  mailFrom: string
  /** Where emails go; null: the admin's address, read when each email is sent. */
  email: string | null
  webhookUrl: string | null
}

/** When a failed notification is tried again (src/features/notifications/backoff.ts); tests shorten it. */
export type RetryPolicy = {
  /** The wait after the 1st, 2nd, ... failure; the last one repeats. */
  delaysMs: readonly number[]
  /** Counted from the message: the last try is this long after it, then folio gives up. */
  giveUpMs: number
}

const EMAIL = /^[^\s@<>,]+@[^\s@<>,.]+(?:\.[^\s@<>,.]+)*$/
// 'folio@example.com' or 'Display Name <folio@example.com>' (no line breaks: it becomes a header).
const MAILBOX = /^(?:[^\r\n<>]*<[^\s@<>,]+@[^\s@<>,]+>|[^\s@<>,]+@[^\s@<>,]+)$/
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

function parsed(value: string): URL | null {
  return URL.canParse(value) ? new URL(value) : null
}

export function isSmtpUrl(value: string): boolean {
  const url = parsed(value)
  return !!url && (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== ''
}

/** https anywhere; plain http only to this machine, where nobody on the way can read it. */
export function isWebhookUrl(value: string): boolean {
  const url = parsed(value)
  if (!url || !url.hostname) return false
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))
}

const blank = (v: unknown) => (v === '' ? undefined : v)

/** The zod fields src/config.ts adds to its environment schema. */
export const NOTIFY_ENV = {
  SMTP_URL: z.preprocess(
    blank,
    z.string().refine(isSmtpUrl, 'must be smtp://user:password@host:port or smtps://user:password@host:port (user and password percent-encoded)').optional(),
  ),
  MAIL_FROM: z.preprocess(blank, z.string().max(200).regex(MAILBOX, 'must be an address such as folio@example.com or "folio <folio@example.com>"').optional()),
  NOTIFY_EMAIL: z.preprocess(blank, z.string().max(200).regex(EMAIL, 'must be one email address such as you@example.com').optional()),
  NOTIFY_WEBHOOK_URL: z.preprocess(
    blank,
    z.string().max(2000).refine(isWebhookUrl, 'must be an https URL (plain http only to localhost, 127.0.0.1 or [::1])').optional(),
  ),
}

type NotifyEnv = { SMTP_URL?: string; MAIL_FROM?: string; NOTIFY_EMAIL?: string; NOTIFY_WEBHOOK_URL?: string }

/** `siteHostname` names the default sender: `folio <folio@{host of SITE_URL}>`. */
export function notifyConfigOf(e: NotifyEnv, siteHostname: string): NotifyConfig {
  return {
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM ?? `folio <folio@${siteHostname}>`,
    email: e.NOTIFY_EMAIL ?? null,
    webhookUrl: e.NOTIFY_WEBHOOK_URL ?? null,
  }
}
