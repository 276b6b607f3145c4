// A lexicon row as the admin edits it (spec section 5 "Lexicon row"): text fields, lists as
// comma-separated text, checked against the contract schema the server uses.
import { LexiconUpdateInput, type LexiconItem } from '#src/contract/skill'

export type RowDraft = { name: string; bucket: string; patterns: string; tagHints: string; enabled: boolean }
export type RowField = keyof RowDraft
export type RowBody = { name: string; bucket: string; patterns: string[]; tagHints: string[]; enabled: boolean }
export type RowCheck = { ok: true; body: RowBody } | { ok: false; errors: Partial<Record<RowField, string>> }

export const draftOf = (item: LexiconItem): RowDraft => ({
  name: item.name,
  bucket: item.bucket,
  patterns: item.patterns.join(', '),
  tagHints: item.tagHints.join(', '),
  enabled: item.enabled,
})

export const sameDraft = (a: RowDraft, b: RowDraft) =>
  a.name === b.name && a.bucket === b.bucket && a.patterns === b.patterns && a.tagHints === b.tagHints && a.enabled === b.enabled

/** The PUT body (only the fields the strict schema allows, `order` left to reorder) or field errors. */
export function checkRow(draft: RowDraft): RowCheck {
  const parsed = LexiconUpdateInput.safeParse(draft)
  if (!parsed.success) {
    const errors: Partial<Record<RowField, string>> = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as RowField
      errors[field] ??= issue.message
    }
    return { ok: false, errors }
  }
  const v = parsed.data
  return { ok: true, body: { name: v.name ?? '', bucket: v.bucket ?? '', patterns: v.patterns ?? [], tagHints: v.tagHints ?? [], enabled: v.enabled ?? true } }
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** True when saving `body` would change the stored item (spacing around commas is no change). */
export const changes = (body: RowBody, item: LexiconItem) =>
  body.name !== item.name ||
  body.bucket !== item.bucket ||
  body.enabled !== item.enabled ||
  !sameList(body.patterns, item.patterns) ||
  !sameList(body.tagHints, item.tagHints)

/** Spec section 7: the defaults of a new lexicon item, one order step past the highest. */
export function newItemBody(items: LexiconItem[], step: number) {
  const top = items.length ? Math.max(...items.map((i) => i.order)) : 0
  return { name: 'New Skill', bucket: 'General', patterns: [] as string[], tagHints: [] as string[], enabled: true, order: top + step }
}
