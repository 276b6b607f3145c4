// Sample content (SEED=demo): seeded once, into an empty database, through the same services
// the API uses, so it passes the same validation and gets the same rendered HTML.
import { count } from 'drizzle-orm'
import { PostInput } from '../src/contract/post'
import { ProjectInput } from '../src/contract/project'
import { insertPost, preparePost } from '../src/features/posts/service'
import { insertProject, prepareProject } from '../src/features/projects/service'
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
export async function seedIfEmpty(db: Db, clock: Clock): Promise<boolean> {
  if (!isEmpty(db)) return false
  // Rendering (shiki) is async, SQLite transactions are not: render everything, then write at once.
  const preparedProjects = await Promise.all(seedProjects.map((p) => prepareProject(ProjectInput.parse(p))))
  const preparedPosts = await Promise.all(seedPosts.map((p) => preparePost(PostInput.parse(p))))
  return db.transaction((tx) => {
    if (!isEmpty(tx)) return false
    for (const p of preparedProjects) insertProject(tx, p, clock)
    for (const p of preparedPosts) insertPost(tx, p, clock)
    seedLexicon.forEach((item, i) => {
      tx.insert(lexiconItems)
        .values({ id: crypto.randomUUID(), ...item, enabled: true, sortOrder: (i + 1) * 10 })
        .run()
    })
    for (const o of seedOverrides) {
      tx.insert(skillOverrides).values({ nameKey: o.name.toLowerCase(), ...o }).run()
    }
    return true
  }, { behavior: 'immediate' })
}
