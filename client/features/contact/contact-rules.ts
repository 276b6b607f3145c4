// The contact form's rules on the client: spec section 5 through the server's own zod schema,
// and the texts of spec section 8. NOTE: the schema module (and zod with it, ~26 KB gzip) is
// loaded with import() on first use, never in the first-load bundle.
import type * as ContactModule from '#src/contract/contact'
import type { ContactPayload } from '#src/contract/contact'
import { ApiError, errorText, serverMessage } from '#client/lib/api'

export const CONTACT_FIELDS = ['name', 'email', 'reason', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
export type ContactValues = Record<ContactField, string>
export type FieldErrors = Partial<Record<ContactField, string>>

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', reason: '', message: '' }
/** CONTACT_SENT of the contract, repeated so this module needs no zod (a unit test keeps them equal). */
export const CONTACT_SENT_TEXT = 'Thanks! Your message is in.'
export const NETWORK_ERROR = 'Network error.'
export const INVALID_INPUT = 'Invalid input.'

type Detail = { message?: unknown; code?: unknown; path?: unknown }

let schema: Promise<typeof ContactModule> | null = null
/** The contract module, fetched once; a failed fetch is retried on the next call. */
export function loadContactSchema() {
  schema ??= import('./contact-schema').catch((e: unknown) => {
    schema = null
    throw new Error(NETWORK_ERROR, { cause: e })
  })
  return schema
}

const isField = (path: unknown): path is ContactField => typeof path === 'string' && (CONTACT_FIELDS as readonly string[]).includes(path)

/** The first message per form field, from zod issues or the server's details. */
export function fieldErrors(details: readonly Detail[]): FieldErrors {
  const errors: FieldErrors = {}
  for (const d of details) {
    if (isField(d.path) && !errors[d.path] && typeof d.message === 'string' && d.message) errors[d.path] = d.message
  }
  return errors
}

/** The field to focus: the first invalid one in form order. */
export const firstInvalid = (errors: FieldErrors): ContactField | undefined => CONTACT_FIELDS.find((f) => errors[f])

export type Checked = { ok: true; payload: ContactPayload } | { ok: false; errors: FieldErrors }
/** What the form adds to the fields people fill: the honeypot's text and how long the form was open. */
export type SpamSignals = Pick<ContactPayload, 'website' | 'formMs'>

/** Validates with the server's schema; the payload comes back cleaned as the server would. */
export async function checkContact(values: ContactValues, signals: SpamSignals = {}): Promise<Checked> {
  const { ContactPayload } = await loadContactSchema()
  const result = ContactPayload.safeParse({ ...values, ...signals })
  if (result.success) return { ok: true, payload: result.data }
  return { ok: false, errors: fieldErrors(result.error.issues.map((i) => ({ path: i.path[0], message: i.message }))) }
}

/** The `details` list of an error body, if it has one. */
export function detailsOf(body: unknown): Detail[] {
  if (typeof body !== 'object' || body === null || !('details' in body) || !Array.isArray(body.details)) return []
  return body.details.filter((d): d is Detail => typeof d === 'object' && d !== null)
}

/**
 * A failed send as spec section 8 shows it: with details, 'Invalid input: ' and their messages
 * (or codes); else the server's error text; else 'Invalid input.' for a 400; a network failure
 * shows its message or 'Network error.'.
 */
export function contactErrorText(e: unknown): string {
  if (e instanceof ApiError && e.status > 0) {
    const parts = detailsOf(e.body)
      .map((d) => (typeof d.message === 'string' && d.message ? d.message : typeof d.code === 'string' ? d.code : ''))
      .filter(Boolean)
    if (parts.length) return `Invalid input: ${parts.join(', ')}`
    const server = serverMessage(e.body)
    if (server) return server
    return e.status === 400 ? INVALID_INPUT : errorText(e)
  }
  // No response: the API client keeps fetch's own error as the cause.
  const cause = e instanceof ApiError ? e.cause : e
  return cause instanceof Error && cause.message ? cause.message : NETWORK_ERROR
}

/** The success text: the server's message, or the spec's default. */
export function sentText(body: unknown): string {
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined
  return typeof message === 'string' && message ? message : CONTACT_SENT_TEXT
}
