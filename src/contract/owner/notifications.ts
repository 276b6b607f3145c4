// Notifications of new contact messages (contract "The owner's surfaces" → "Notifications"): the
// webhook's JSON, the test notification's answer and the channels' status as the admin sees them.
import { z } from 'zod'
import { CONTACT_REASONS } from '../contact'

/** The message as a notification carries it: the webhook's `message`, and what the email says. */
export const NotifiedMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.enum(CONTACT_REASONS),
  message: z.string(),
  createdAt: z.string(),
})
export type NotifiedMessage = z.infer<typeof NotifiedMessage>

/** The body of the webhook's POST for a stored message; `Idempotency-Key` is the message's id. */
export const ContactWebhook = z.object({ type: z.literal('contact.message'), message: NotifiedMessage })
export type ContactWebhook = z.infer<typeof ContactWebhook>

/**
 * A security notice (decision 063): a sign-in method changed, or the right password came with a
 * wrong code. Plain text for the owner; `kind` tells it from a contact message in the outbox.
 */
export const SecurityNotice = z.object({ kind: z.literal('security'), id: z.string(), subject: z.string(), text: z.string(), createdAt: z.string() })
export type SecurityNotice = z.infer<typeof SecurityNotice>

/** The body of the webhook's POST for a security notice; `Idempotency-Key` is the notice's id. */
export const SecurityWebhook = z.object({ type: z.literal('security.notice'), notice: SecurityNotice.omit({ kind: true }) })
export type SecurityWebhook = z.infer<typeof SecurityWebhook>

/** The body of the webhook's POST for "Send test notification": a receiver can tell it apart by `type`. */
export const TestWebhook = z.object({ type: z.literal('notification.test'), sentAt: z.string() })
export type TestWebhook = z.infer<typeof TestWebhook>

/** One channel's outcome of a test send. */
export const ChannelResult = z.object({ ok: z.boolean(), error: z.string().optional() })
export type ChannelResult = z.infer<typeof ChannelResult>

/** POST /api/admin/notifications/test: each channel's outcome, null when the channel is not configured. */
export const NotificationTestResult = z.object({ email: ChannelResult.nullable(), webhook: ChannelResult.nullable() })
export type NotificationTestResult = z.infer<typeof NotificationTestResult>

/** GET /api/admin/notifications: the configured channels (null: off) and the outbox at a glance. */
export const NotificationStatus = z.object({
  /** `to` is NOTIFY_EMAIL or the admin's address; null when neither exists yet. */
  email: z.object({ to: z.string().nullable() }).nullable(),
  /** Only the webhook's host: its path may hold a secret. */
  webhook: z.object({ host: z.string() }).nullable(),
  /** Notifications not yet delivered and still being tried. */
  pending: z.number(),
  /** Notifications folio gave up on (kept as long as delivered ones). */
  failed: z.number(),
  /** The newest failure's error, short; null when the newest attempt succeeded or none failed. */
  lastError: z.string().nullable(),
})
export type NotificationStatus = z.infer<typeof NotificationStatus>

/** POST /api/admin/messages/opened: the inbox was opened now, so nothing in it is unread. */
export type InboxOpened = { ok: true }

export const NOTIFICATION_TEXTS = {
  sendTest: 'Send test notification',
  sending: 'Sending…',
  none: 'No notification channel is configured: set SMTP_URL and/or NOTIFY_WEBHOOK_URL.',
  failed: 'Failed to send the test notification',
} as const
