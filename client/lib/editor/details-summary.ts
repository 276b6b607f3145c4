// What the folded "Details" of an editor say about themselves (issue 20), and when they must open.
import type { FieldErrors } from './editor-form'
import { STATUS_OPTIONS } from './publication-form'

/** Fields shown outside Details: their errors do not open it. */
const OUTSIDE = new Set(['title', 'bodyMD'])

export const hasDetailError = (errors: FieldErrors) => Object.entries(errors).some(([name, message]) => message && !OUTSIDE.has(name))

/** 'Draft · /blog/my-post': the status and the page the item will have. */
export function detailsSummary(status: string, page: string): string {
  const label = STATUS_OPTIONS.find((option) => option.value === status)?.label ?? status
  return `${label} · ${page}`
}
