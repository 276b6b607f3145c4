// Contact payload and stored message (spec sections 3 and 5).
import { z } from 'zod'
import { LIMITS } from './limits'
import { cleanLine } from './text'

export const CONTACT_REASONS = ['general', 'collaboration', 'resume'] as const
export type ContactReason = (typeof CONTACT_REASONS)[number]
/** How a reason reads to people: the inbox and the notification email. */
export const CONTACT_REASON_LABELS: Record<ContactReason, string> = { general: 'General', resume: 'Resume', collaboration: 'Collaboration' }

export const CONTACT_MESSAGES = {
  nameLength: 'Name must be 2–60 characters.',
  nameChars: 'Name has invalid characters.',
  email: 'Please enter a valid email.',
  messageShort: 'Message must be at least 10 characters.',
  messageLong: 'Message is too long (max 5000).',
  reason: 'Please pick a reason.',
} as const

export const CAPTCHA_MESSAGES = {
  required: 'Captcha is required.',
  failed: 'Captcha verification failed. Please try again.',
  unavailable: 'Captcha verification is unavailable right now. Please try again later.',
} as const

export const CONTACT_SENT = 'Thanks! Your message is in.'

// `*`, not `+`: an empty name breaks the length rule only, not this one as well.
const NAME_CHARS = /^[\p{L}\p{M}\p{N} .,'-]*$/u
// A practical email shape: something@something.tld, no spaces.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

const asString = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : v)

/** A sender's address, cleaned as the form cleans it; also how the admin names a person's messages. */
const ContactEmail = z.preprocess(
  (v) => (typeof v === 'string' ? cleanLine(v) : asString(v)),
  z
    .string({ error: CONTACT_MESSAGES.email })
    // abort: an over-long address would otherwise report the same message twice
    .max(LIMITS.contactEmailMax, { error: CONTACT_MESSAGES.email, abort: true })
    .regex(EMAIL_SHAPE, CONTACT_MESSAGES.email),
)

export const ContactPayload = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' ? cleanLine(v) : asString(v)),
    z
      .string({ error: CONTACT_MESSAGES.nameLength })
      .min(LIMITS.contactName.min, CONTACT_MESSAGES.nameLength)
      .max(LIMITS.contactName.max, CONTACT_MESSAGES.nameLength)
      .regex(NAME_CHARS, CONTACT_MESSAGES.nameChars),
  ),
  email: ContactEmail,
  message: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : asString(v)),
    z
      .string({ error: CONTACT_MESSAGES.messageShort })
      .min(LIMITS.contactMessage.min, CONTACT_MESSAGES.messageShort)
      .max(LIMITS.contactMessage.max, CONTACT_MESSAGES.messageLong),
  ),
  reason: z.enum(CONTACT_REASONS, { error: CONTACT_MESSAGES.reason }),
  hcaptchaToken: z.string({ error: CAPTCHA_MESSAGES.required }).max(8192, CAPTCHA_MESSAGES.failed).optional(),
  // Spam guards beyond spec section 3, both optional (API clients send neither): a field people
  // never see, so only bots fill it, and how long the form was open before it was sent.
  website: z.string({ error: 'website must be text.' }).max(2000, 'website is too long.').optional(),
  formMs: z.number({ error: 'formMs must be a number of milliseconds.' }).int('formMs must be a whole number of milliseconds.').min(0, 'formMs must not be negative.').optional(),
})
export type ContactPayload = z.infer<typeof ContactPayload>

/** The payload when the captcha is on: the token becomes required. */
export const ContactPayloadWithCaptcha = ContactPayload.extend({
  hcaptchaToken: z.string({ error: CAPTCHA_MESSAGES.required }).trim().min(1, CAPTCHA_MESSAGES.required).max(8192, CAPTCHA_MESSAGES.failed),
})

export const ContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  reason: z.enum(CONTACT_REASONS),
  message: z.string(),
  archived: z.boolean(),
  createdAt: z.string(),
  meta: z.object({ ip: z.string(), ua: z.string() }),
  /** How the visit that sent it began: entry page, referring host, campaign ('' for none); null when the visit was not counted. */
  visit: z.object({ entry: z.string(), referrer: z.string(), campaign: z.string() }).nullable(),
})
export type MessageVisit = NonNullable<ContactMessage['visit']>
export type ContactMessage = z.infer<typeof ContactMessage>

export const MessageStatus = z.enum(['active', 'archived', 'all'])

export const MessagesQuery = z.object({
  status: MessageStatus.default('active'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.adminMessagesPageSize),
  search: z.string().trim().max(200).optional(),
})
export type MessagesQuery = z.infer<typeof MessagesQuery>

export const ArchiveInput = z.object({ archived: z.boolean({ error: 'archived must be true or false.' }) })
export type ArchiveInput = z.infer<typeof ArchiveInput>

export const PageInfo = z.object({ page: z.number(), pages: z.number(), total: z.number(), limit: z.number() })
export type PageInfo = z.infer<typeof PageInfo>
export type MessagesPage = { items: ContactMessage[]; pageInfo: PageInfo }
/** GET /api/admin/messages: the page, and `unread`: active messages newer than the admin's last visit to the inbox. */
export type MessagesInbox = MessagesPage & { unread: number }

/** One person's messages, named by their address (export and erasure); letters match in any case. */
export const MessagesByEmail = z.object({ email: ContactEmail })
export type MessagesByEmail = z.infer<typeof MessagesByEmail>
export type MessagesExport = { email: string; exportedAt: string; items: ContactMessage[] }
export type ErasureResult = { ok: true; erased: number }

/** The export's file name: the address with anything but letters, digits and . @ _ - replaced. */
export const messagesExportFileName = (email: string) => `messages-${email.toLowerCase().replace(/[^a-z0-9.@_-]/g, '_')}.json`
