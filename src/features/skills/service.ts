// Skills room, public side: reads lexicon, projects and overrides and computes the skills.
import { desc } from 'drizzle-orm'
import type { Db } from '../../../db/connection'
import { projects, skillOverrides } from '../../../db/schema'
import type { Skill } from '../../contract/skill'
import { computeSkills, type SkillSource } from './compute'
import { listLexicon } from './lexicon-service'

/** Projects as the computation sees them, in display order (order desc, newest first on ties). */
function skillSources(db: Db): SkillSource[] {
  return db
    .select({ slug: projects.slug, title: projects.title, summary: projects.summary, bodyMD: projects.bodyMd, tags: projects.tags, order: projects.sortOrder })
    .from(projects)
    .orderBy(desc(projects.sortOrder), desc(projects.id))
    .all()
}

/**
 * NOTE: computed on every call, not stored: a site has tens of projects and lexicon items, so the
 * work is small, and a stored copy would need invalidating on every project, lexicon and
 * override write.
 */
export function listSkills(db: Db): Skill[] {
  // One read transaction, so a concurrent write cannot show half its effect.
  return db.transaction((tx) => {
    const overrides = tx.select().from(skillOverrides).all()
    return computeSkills(listLexicon(tx), skillSources(tx), overrides)
  })
}
