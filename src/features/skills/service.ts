// Skills room, public side: reads lexicon, projects and overrides and computes the skills.
import { desc } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { projects, skillOverrides } from '#db/schema'
import type { Skill } from '#src/contract/skill'
import { publicAt } from '#src/lib/publication'
import { computeSkills, type SkillSource } from './compute'
import { listLexicon } from './lexicon-service'

/** Public projects as the computation sees them, in display order (order desc, newest first on ties). */
function skillSources(db: Db, now: string): SkillSource[] {
  return db
    .select({ slug: projects.slug, title: projects.title, summary: projects.summary, bodyMD: projects.bodyMd, tags: projects.tags, order: projects.sortOrder })
    .from(projects)
    .where(publicAt(projects, now))
    .orderBy(desc(projects.sortOrder), desc(projects.id))
    .all()
}

/**
 * NOTE: computed on every call, not stored: a site has tens of projects and lexicon items, so the
 * work is small, and a stored copy would need invalidating on every project, lexicon and
 * override write.
 */
/** `now` (ISO): a draft or a project scheduled later is no evidence of a skill yet. */
export function listSkills(db: Db, now: string): Skill[] {
  // One read transaction, so a concurrent write cannot show half its effect.
  return db.transaction((tx) => {
    const overrides = tx.select().from(skillOverrides).all()
    return computeSkills(listLexicon(tx), skillSources(tx, now), overrides)
  })
}
