// Skills room, overrides: the admin's hand adjustments laid over the computed skills.
import { asc, eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { skillOverrides } from '#db/schema'
import type { OverrideInput, SkillOverride } from '#src/contract/skill'
import { notFound } from '#src/lib/http-error'

type Row = typeof skillOverrides.$inferSelect

/** One override per skill name, whatever its case: "React" and "react" are the same key. */
export const overrideKey = (name: string) => name.trim().toLowerCase()

const toOverride = (row: Row): SkillOverride => ({
  name: row.name,
  levelOverride: row.levelOverride,
  bucketOverride: row.bucketOverride,
  hide: row.hide,
})

/** Sorted by name, case-insensitively (the key is the lowercased name). */
export function listOverrides(db: Db): SkillOverride[] {
  return db.select().from(skillOverrides).orderBy(asc(skillOverrides.nameKey)).all().map(toOverride)
}

/**
 * Creates or updates the override of one skill. On update, fields left out keep their values
 * and the name takes the spelling just given; on create they default to no change (null, null,
 * not hidden).
 */
export function putOverride(db: Db, name: string, input: OverrideInput): SkillOverride {
  const nameKey = overrideKey(name)
  return db.transaction((tx) => {
    const existing = tx.select().from(skillOverrides).where(eq(skillOverrides.nameKey, nameKey)).get()
    const values = {
      nameKey,
      name,
      levelOverride: input.levelOverride !== undefined ? input.levelOverride : (existing?.levelOverride ?? null),
      bucketOverride: input.bucketOverride !== undefined ? input.bucketOverride : (existing?.bucketOverride ?? null),
      hide: input.hide ?? existing?.hide ?? false,
      // An edited sample override is the owner's from now on.
      sample: false,
    }
    const row = tx
      .insert(skillOverrides)
      .values(values)
      .onConflictDoUpdate({ target: skillOverrides.nameKey, set: values })
      .returning()
      .get()
    return toOverride(row)
  }, { behavior: 'immediate' })
}

export function deleteOverride(db: Db, name: string) {
  const deleted = db.delete(skillOverrides).where(eq(skillOverrides.nameKey, overrideKey(name))).returning({ key: skillOverrides.nameKey }).get()
  if (!deleted) throw notFound('Override not found.')
}
