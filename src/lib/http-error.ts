// HttpError carries a contract error response through Elysia's error hook.
import type { z } from 'zod'
import { issuesToDetails, type ErrorDetail } from '../contract/errors'

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new HttpError(400, message, details)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
export const tooMany = (retryAfterSeconds: number, message = 'Too many requests. Try again later.') =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) })

/** Validates input with a contract schema; a failure is a 400 with every issue in `details`. */
export function validate<S extends z.ZodType>(schema: S, input: unknown, message = 'Invalid input.'): z.output<S> {
  const result = schema.safeParse(input)
  if (!result.success) throw badRequest(message, issuesToDetails(result.error.issues))
  return result.data
}

/** Drops empty or null query values (spec section 7) before validation. */
export function cleanQuery(query: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(query)) {
    const v = Array.isArray(value) ? value[value.length - 1] : value
    if (typeof v === 'string' && v.trim() !== '' && v !== 'null' && v !== 'undefined') out[key] = v
  }
  return out
}
