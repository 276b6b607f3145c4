// The shapes every endpoint shares (contract.md): the one error shape of every failed API response,
// `{ok:true}`, and `{items}` lists.
import { z } from 'zod'

export const ErrorDetail = z.object({
  message: z.string(),
  code: z.string(),
  path: z.string().optional(),
})
export type ErrorDetail = z.infer<typeof ErrorDetail>

export const ApiErrorBody = z.object({
  ok: z.literal(false),
  error: z.string(),
  details: z.array(ErrorDetail).optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>

export const OkBody = z.object({ ok: z.literal(true) })
export type OkBody = z.infer<typeof OkBody>

/** A list answer: `{ items: [...] }` (skills are SkillList). */
export type ItemList<T> = { items: T[] }

/** Turns zod issues into the contract's `details` list. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): ErrorDetail[] {
  return issues.map((issue) => ({
    message: issue.message,
    code: issue.code,
    ...(issue.path.length ? { path: issue.path.map(String).join('.') } : {}),
  }))
}
