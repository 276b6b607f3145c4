// Skills room, lexicon: the admin's list of skills and the words and tags that reveal them.
import { asc, eq, max } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { lexiconItems } from '#db/schema'
import { LIMITS } from '#src/contract/limits'
import type { LexiconCreateInput, LexiconItem, LexiconUpdateInput } from '#src/contract/skill'
import { badRequest, notFound } from '#src/lib/http-error'

type Row = typeof lexiconItems.$inferSelect

export const toLexiconItem = (row: Row): LexiconItem => ({
  _id: row.id,
  name: row.name,
  bucket: row.bucket,
  patterns: row.patterns,
  tagHints: row.tagHints,
  enabled: row.enabled,
  order: row.sortOrder,
})

/** Every item, enabled or not, by order ascending (ties by id, so the list is stable). */
export function listLexicon(db: Db): LexiconItem[] {
  return db.select().from(lexiconItems).orderBy(asc(lexiconItems.sortOrder), asc(lexiconItems.id)).all().map(toLexiconItem)
}

/** Spec section 7: every field optional; a new item goes last, one order step past the highest. */
export function createLexiconItem(db: Db, input: LexiconCreateInput): LexiconItem {
  return db.transaction((tx) => {
    const top = tx.select({ top: max(lexiconItems.sortOrder) }).from(lexiconItems).get()?.top ?? 0
    const row = tx
      .insert(lexiconItems)
      .values({
        id: crypto.randomUUID(),
        name: input.name ?? 'New Skill',
        bucket: input.bucket ?? 'General',
        patterns: input.patterns ?? [],
        tagHints: input.tagHints ?? [],
        enabled: input.enabled ?? true,
        sortOrder: input.order ?? top + LIMITS.lexiconOrderStep,
      })
      .returning()
      .get()
    return toLexiconItem(row)
  }, { behavior: 'immediate' })
}

/** A partial update: fields left out keep their values. */
export function updateLexiconItem(db: Db, id: string, input: LexiconUpdateInput): LexiconItem {
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.bucket !== undefined ? { bucket: input.bucket } : {}),
    ...(input.patterns !== undefined ? { patterns: input.patterns } : {}),
    ...(input.tagHints !== undefined ? { tagHints: input.tagHints } : {}),
    ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
    ...(input.order !== undefined ? { sortOrder: input.order } : {}),
  }
  const row = Object.keys(changes).length
    ? db.update(lexiconItems).set({ ...changes, sample: false }).where(eq(lexiconItems.id, id)).returning().get()
    : db.select().from(lexiconItems).where(eq(lexiconItems.id, id)).get()
  if (!row) throw notFound('Lexicon item not found.')
  return toLexiconItem(row)
}

export function deleteLexiconItem(db: Db, id: string) {
  const deleted = db.delete(lexiconItems).where(eq(lexiconItems.id, id)).returning({ id: lexiconItems.id }).get()
  if (!deleted) throw notFound('Lexicon item not found.')
}

/**
 * The listed items take orders 10, 20, 30... in list order. Items the list leaves out (a stale
 * client missing a new row) follow in their current relative order, so no row is lost and no two
 * rows share an order. Every listed id must exist, once.
 */
export function reorderLexicon(db: Db, ids: string[]) {
  if (new Set(ids).size !== ids.length) {
    const dupes = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))]
    throw badRequest('Each id may appear only once.', dupes.map((id) => ({ message: `The id "${id}" is listed more than once.`, code: 'duplicate_id', path: 'ids' })))
  }
  db.transaction((tx) => {
    const current = tx.select({ id: lexiconItems.id }).from(lexiconItems).orderBy(asc(lexiconItems.sortOrder), asc(lexiconItems.id)).all().map((r) => r.id)
    const known = new Set(current)
    const unknown = ids.filter((id) => !known.has(id))
    if (unknown.length) {
      throw badRequest('Unknown lexicon item ids.', unknown.map((id) => ({ message: `No lexicon item has the id "${id}".`, code: 'unknown_id', path: 'ids' })))
    }
    const listed = new Set(ids)
    const all = [...ids, ...current.filter((id) => !listed.has(id))]
    all.forEach((id, index) => {
      tx.update(lexiconItems).set({ sortOrder: (index + 1) * LIMITS.lexiconOrderStep }).where(eq(lexiconItems.id, id)).run()
    })
  }, { behavior: 'immediate' })
}
