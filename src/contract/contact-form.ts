// The contact form as a page shows it (spec sections 2, 5 and 8): what was typed, each field's
// message, and the outcome of the last send. The server fills it when a form was posted without
// JavaScript (src/features/contact/form-routes.ts); the island starts from it.
// NOTE: no zod here: the contact island imports this module, and zod (about 26 KB gzip) loads
// only when the form is checked (client/features/contact/contact-rules.ts).

export const CONTACT_FIELDS = ['name', 'email', 'reason', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
export type ContactValues = Record<ContactField, string>
export type FieldErrors = Partial<Record<ContactField, string>>
export type ContactOutcome = { ok: boolean; text: string }
export type ContactFormState = { values: ContactValues; errors: FieldErrors; outcome: ContactOutcome | null }

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', reason: '', message: '' }

/** The captcha runs in the browser: without JavaScript the form cannot get its token. */
export const CAPTCHA_NEEDS_JS = 'This form is protected by a captcha that needs JavaScript. Turn JavaScript on to send your message.'

export const INVALID_INPUT = 'Invalid input.'

/** An entry of an error body's `details`, as much of it as the form reads. */
export type ContactDetail = { message?: unknown; code?: unknown; path?: unknown }

const isField = (path: unknown): path is ContactField => typeof path === 'string' && (CONTACT_FIELDS as readonly string[]).includes(path)

/** The first message per form field, from zod issues or an error body's details. */
export function fieldErrors(details: readonly ContactDetail[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const d of details) {
    if (isField(d.path) && !errors[d.path] && typeof d.message === 'string' && d.message) errors[d.path] = d.message
  }
  return errors
}

/**
 * A refused send as spec section 8 words it: with details, 'Invalid input: ' and their messages
 * (or codes); else the server's error text; else 'Invalid input.' for a 400; else null (the
 * caller words it).
 */
export function refusalText(status: number, error: string | undefined, details: readonly ContactDetail[]): string | null {
  const parts = details.map((d) => (typeof d.message === 'string' && d.message ? d.message : typeof d.code === 'string' ? d.code : '')).filter(Boolean)
  if (parts.length) return `Invalid input: ${parts.join(', ')}`
  if (error) return error
  return status === 400 ? INVALID_INPUT : null
}
