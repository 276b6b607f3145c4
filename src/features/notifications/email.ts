// Notifications room: the email channel. nodemailer over SMTP_URL; one email per message to
// NOTIFY_EMAIL (or the admin's address, read when it is sent), Reply-To the sender.
import { asc } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'
import type { Db } from '#db/connection'
import { admins } from '#db/schema'
import { CONTACT_REASON_LABELS } from '#src/contract/contact'
import type { NotifiedMessage, SecurityNotice } from '#src/contract/owner/notifications'
import { absoluteUrl, type SiteOrigin } from '#src/contract/site-origin'
import type { NotifyConfig } from '#src/config/notify-env'

/** Each step of an SMTP conversation gets this long, the whole send at most SEND_TIMEOUT_MS. */
const STEP_TIMEOUT_MS = 10_000
const SEND_TIMEOUT_MS = 60_000

export type Mailer = { send(mail: Mail): Promise<void>; close(): void }
export type Mail = { from: string; to: string; replyTo?: { name: string; address: string }; subject: string; text: string; messageId: string }

// NOTE: nodemailer loads on the first send, not at start: most sites never configure SMTP, and
// every megabyte resident counts on a 1 GB VPS (the soak's RSS target, bench/reports/SOAK.md).
export function smtpMailer(smtpUrl: string): Mailer {
  let transport: Promise<Transporter> | null = null
  let closed = false
  const open = () =>
    (transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ url: smtpUrl, connectionTimeout: STEP_TIMEOUT_MS, greetingTimeout: STEP_TIMEOUT_MS, socketTimeout: STEP_TIMEOUT_MS * 3 }),
    ))
  return {
    async send(mail) {
      if (closed) throw new Error('the mailer is closed')
      await (await open()).sendMail({ ...mail, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) })
    },
    close: () => {
      closed = true
      void transport?.then((t) => t.close())
    },
  }
}

/** NOTIFY_EMAIL, else the admin's address now (it may change, or appear only after the first run). */
export function recipientOf(db: Db, notify: NotifyConfig): string | null {
  return notify.email ?? db.select({ email: admins.email }).from(admins).orderBy(asc(admins.id)).limit(1).get()?.email ?? null
}

const hostOf = (site: SiteOrigin) => new URL(site.origin).hostname

/**
 * The email for one message. NOTE: its Message-ID comes from the message's id, so a copy sent
 * again (after a crash between sending and recording it) is recognisably the same email.
 */
export function contactEmail(m: NotifiedMessage, to: string, notify: NotifyConfig, site: SiteOrigin): Mail {
  const reason = CONTACT_REASON_LABELS[m.reason]
  const when = `${m.createdAt.slice(0, 16).replace('T', ' ')} UTC`
  return {
    from: notify.mailFrom,
    to,
    replyTo: { name: m.name, address: m.email },
    subject: `New message from ${m.name} (${reason})`,
    messageId: `<contact-${m.id}@${hostOf(site)}>`,
    text: [
      `${m.name} <${m.email}> wrote through the contact form (${reason}), ${when}:`,
      '',
      m.message,
      '',
      '-- ',
      `Reply to this email to answer ${m.name}.`,
      `Inbox: ${absoluteUrl(site, '/admin/messages')}`,
    ].join('\n'),
  }
}

/** The email for a security notice: its own text, no Reply-To (nobody to answer). */
export function securityEmail(n: SecurityNotice, to: string, notify: NotifyConfig, site: SiteOrigin): Mail {
  return { from: notify.mailFrom, to, subject: n.subject, messageId: `<security-${n.id}@${hostOf(site)}>`, text: n.text }
}

export function testEmail(to: string, notify: NotifyConfig, site: SiteOrigin, now: Date): Mail {
  return {
    from: notify.mailFrom,
    to,
    subject: 'folio test notification',
    messageId: `<test-${now.getTime()}-${crypto.randomUUID()}@${hostOf(site)}>`,
    text: [
      `This is a test notification from folio at ${site.origin}, sent ${now.toISOString()}.`,
      '',
      'New contact messages will be announced to this address like this.',
      `Inbox: ${absoluteUrl(site, '/admin/messages')}`,
    ].join('\n'),
  }
}

export const NO_RECIPIENT = 'no recipient: set NOTIFY_EMAIL or create the admin'
