// The contact form's rules on the client: spec section 5 through the server's own zod schema,
// and the texts of spec section 8. NOTE: the schema module (and zod with it, ~26 KB gzip) is
// loaded with import() on first use, never with the island's own chunk.
import type * as ContactModule from '#src/contract/contact'
import type { ContactPayload } from '#src/contract/contact'
import { CONTACT_FIELDS, fieldErrors, refusalText, type ContactDetail, type ContactField, type ContactValues, type FieldErrors } from '#src/contract/contact-form'
import { ApiError, errorText, serverMessage } from '#client/lib/api'

export { CONTACT_FIELDS, EMPTY_CONTACT, fieldErrors, INVALID_INPUT, type ContactField, type ContactValues, type FieldErrors } from '#src/contract/contact-form'

/** CONTACT_SENT of the contract, repeated so this module needs no zod (a unit test keeps them equal). */
export const CONTACT_SENT_TEXT = 'Thanks! Your message is in.'
export const NETWORK_ERROR = 'Network error.'

let schema: Promise<typeof ContactModule> | null = null
/** The contract module, fetched once; a failed fetch is retried on the next call. */
export function loadContactSchema() {
  schema ??= import('./contact-schema').catch((e: unknown) => {
    schema = null
    throw new Error(NETWORK_ERROR, { cause: e })
  })
  return schema
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
export function detailsOf(body: unknown): ContactDetail[] {
  if (typeof body !== 'object' || body === null || !('details' in body) || !Array.isArray(body.details)) return []
  return body.details.filter((d): d is ContactDetail => typeof d === 'object' && d !== null)
}

/**
 * A failed send as spec section 8 shows it (refusalText); a network failure shows its message or
 * 'Network error.'.
 */
export function contactErrorText(e: unknown): string {
  if (e instanceof ApiError && e.status > 0) return refusalText(e.status, serverMessage(e.body), detailsOf(e.body)) ?? errorText(e)
  // No response: the API client keeps fetch's own error as the cause.
  const cause = e instanceof ApiError ? e.cause : e
  return cause instanceof Error && cause.message ? cause.message : NETWORK_ERROR
}

/** The success text: the server's message, or the spec's default. */
export function sentText(body: unknown): string {
  const message = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined
  return typeof message === 'string' && message ? message : CONTACT_SENT_TEXT
}
