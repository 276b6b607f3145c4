// Form <-> payload rules shared by the project and post editors (spec sections 5 and 8): the
// contract's zod schema checks the raw form strings, and a failed save becomes lines to show.
import type { z } from 'zod'
import { ApiErrorBody, issuesToDetails, type ErrorDetail } from '#src/contract/errors'
import { slugify } from '#src/contract/text'
import { ApiError, errorText, serverMessage } from '#client/lib/api'

/** One message per form field, keyed by the field's name. */
export type FieldErrors = Partial<Record<string, string>>
export type ParseResult<T> = { ok: true; payload: T } | { ok: false; errors: FieldErrors }
/** A failed action as shown: the screen's message, then the server's own words. */
export type Failure = { title: string; lines: string[] }

/** The first message per top-level field ('demoLinks.demo' belongs to demoLinks). */
export function fieldErrorsOf(details: readonly ErrorDetail[]): FieldErrors {
  const out: FieldErrors = {}
  for (const detail of details) {
    const field = detail.path?.split('.')[0]
    if (field && !out[field]) out[field] = detail.message
  }
  return out
}

/** Drops what the spec calls empty optional values: undefined, '', [] and {}. */
export function omitEmpty<T extends object>(data: T): Partial<T> {
  const out: Partial<T> = {}
  for (const [key, value] of Object.entries(data) as [keyof T, unknown][]) {
    if (value === undefined || value === '') continue
    if (Array.isArray(value) && value.length === 0) continue
    if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0) continue
    out[key] = value as T[keyof T]
  }
  return out
}

/** Checks form values with the server's own schema; the payload leaves out empty optionals. */
export function parseWith<S extends z.ZodType>(schema: S, values: unknown): ParseResult<Partial<z.output<S>>> {
  const result = schema.safeParse(values)
  if (!result.success) return { ok: false, errors: fieldErrorsOf(issuesToDetails(result.error.issues)) }
  return { ok: true, payload: omitEmpty(result.data as object) as Partial<z.output<S>> }
}

export const SLUG_TAKEN = 'That slug is already taken. Choose another one.'

function detailsOf(e: ApiError): ErrorDetail[] {
  const body = ApiErrorBody.safeParse(e.body)
  return body.success ? (body.data.details ?? []) : []
}

/** A failed request as shown under `title`: the server's message and details, deduplicated. */
export function failureOf(e: unknown, title: string): Failure {
  if (!(e instanceof ApiError)) return { title, lines: [errorText(e)] }
  if (e.status === 409) return { title, lines: [serverMessage(e.body) ?? SLUG_TAKEN] }
  // A fault's own text ('Internal error') says less than the title (as in errors.ts): keep the status.
  if (e.status >= 500) return { title, lines: [`Request failed (${e.status})`] }
  const lines = [serverMessage(e.body) ?? errorText(e), ...detailsOf(e).map((d) => d.message)]
  return { title, lines: [...new Set(lines)] }
}

/** Field messages the server sent with a failed save (a taken slug belongs to the slug field). */
export function serverFieldErrors(e: unknown): FieldErrors {
  if (!(e instanceof ApiError)) return {}
  if (e.status === 409) return { slug: serverMessage(e.body) ?? SLUG_TAKEN }
  return fieldErrorsOf(detailsOf(e))
}

/** The slug a save will use: the typed one normalised, else one made from the title. */
export function slugPreview(slug: string, title: string): string {
  return slugify(slug.trim() ? slug : title)
}

/** 'Tag, other' from a list, for the comma-separated field. */
export const joinTags = (tags: readonly string[] | undefined) => (tags ?? []).join(', ')

/** Pretty JSON for a map field; an empty map is an empty field. */
export const jsonField = (value: Record<string, unknown> | undefined) =>
  value && Object.keys(value).length ? JSON.stringify(value, null, 2) : ''
