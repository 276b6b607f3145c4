// When the public pages next change with no admin write: the earliest publish time, still ahead,
// of a scheduled post or project (the render cache drops its pages at that moment).
import { sql } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { posts, projects } from '#db/schema'
import type { Clock } from '#src/lib/clock'

export function nextScheduledChange(db: Db, clock: Clock): number | null {
  const now = clock.now().toISOString()
  const ahead = (table: typeof posts | typeof projects) =>
    db
      .select({ at: sql<string | null>`min(${table.publishAt})` })
      .from(table)
      .where(sql`${table.status} = 'scheduled' AND ${table.publishAt} > ${now}`)
      .get()?.at ?? null
  const times = [ahead(posts), ahead(projects)].filter((t): t is string => t !== null).map((t) => Date.parse(t))
  return times.length ? Math.min(...times) : null
}
