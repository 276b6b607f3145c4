// Sample content (SEED=demo): seeded once, into an empty database, through the same services
// the API uses, so it passes the same validation and gets the same rendered HTML.
import { count } from 'drizzle-orm'
import { PostInput } from '../src/contract/post'
import { ProjectInput } from '../src/contract/project'
import { createPost } from '../src/features/posts/service'
import { createProject } from '../src/features/projects/service'
import type { Clock } from '../src/lib/clock'
import type { Db } from './connection'
import { lexiconItems, posts, projects, skillOverrides } from './schema'
import { seedLexicon } from './seed/lexicon'
import { seedOverrides } from './seed/overrides'
import { seedPosts } from './seed/posts'
import { seedProjects } from './seed/projects'

export function isEmpty(db: Db): boolean {
  const tables = [projects, posts, lexiconItems]
  return tables.every((t) => (db.select({ n: count() }).from(t).get()?.n ?? 0) === 0)
}

/** Seeds the sample site when nothing is there yet; returns whether it did. */
export function seedIfEmpty(db: Db, clock: Clock): boolean {
  if (!isEmpty(db)) return false
  db.transaction((tx) => {
    for (const p of seedProjects) createProject(tx, ProjectInput.parse(p), clock)
    for (const p of seedPosts) createPost(tx, PostInput.parse(p), clock)
    seedLexicon.forEach((item, i) => {
      tx.insert(lexiconItems)
        .values({ id: crypto.randomUUID(), ...item, enabled: true, sortOrder: (i + 1) * 10 })
        .run()
    })
    for (const o of seedOverrides) {
      tx.insert(skillOverrides).values({ nameKey: o.name.toLowerCase(), ...o }).run()
    }
  })
  return true
}
