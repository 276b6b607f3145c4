// Projects room: list, read and write projects; the public site and the API share these.
import { and, desc, eq, inArray, max, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { projects, projectTags } from '#db/schema'
import type { Project, ProjectData, ProjectListItem, ProjectsQuery } from '#src/contract/project'
import type { Clock } from '#src/lib/clock'
import { contentSlug } from '#src/lib/content-slug'
import { foundIn, ftsHits, ftsPhrase, withSearchText, type Hit } from '#src/lib/full-text'
import { badRequest, conflict, notFound } from '#src/lib/http-error'
import { renderMarkdown } from '#src/lib/markdown'
import { dateAfterWrite, nextPublication, publicAt, publicationOf, updatedAfterWrite, type WriteDates } from '#src/lib/publication'
import { containsPattern, likeContains, tagKey } from '#src/lib/sql-helpers'

type Row = typeof projects.$inferSelect

/** `now` (ISO): the moment the item's publication is told for. */
export function toProject(row: Row, now: string): Project {
  return {
    title: row.title,
    slug: row.slug,
    ...(row.summary ? { summary: row.summary } : {}),
    ...(row.role ? { role: row.role } : {}),
    tags: row.tags,
    bodyMD: row.bodyMd,
    bodyHtml: row.bodyHtml,
    ...(row.heroImage ? { heroImage: row.heroImage } : {}),
    gallery: row.gallery,
    demoLinks: row.demoLinks,
    metrics: row.metrics,
    order: row.sortOrder,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    ...publicationOf(row, now),
  }
}

/** Only what is public at `now` (ISO). */
function filters(query: Pick<ProjectsQuery, 'search' | 'tag'>, hits: Map<number, Hit> | null, now: string): SQL | undefined {
  const conditions: SQL[] = [publicAt(projects, now)]
  if (query.tag) {
    conditions.push(sql`EXISTS (SELECT 1 FROM ${projectTags} WHERE ${projectTags.projectId} = ${projects.id} AND ${projectTags.tagKey} = ${tagKey(query.tag)})`)
  }
  if (hits) {
    conditions.push(foundIn(projects.id, hits))
  } else if (query.search) {
    // Shorter than a trigram: titles, summaries and tags by substring, as before full-text search.
    const p = containsPattern(query.search)
    conditions.push(
      or(
        likeContains(projects.title, p),
        likeContains(projects.summary, p),
        sql`EXISTS (SELECT 1 FROM ${projectTags} WHERE ${projectTags.projectId} = ${projects.id} AND ${projectTags.tagKey} LIKE ${p} ESCAPE '\\')`,
      )!,
    )
  }
  return conditions.length ? and(...conditions) : undefined
}

/**
 * Public list in display order (order desc). A search of 3 characters or more is full-text
 * (titles, summaries, tags and bodies) and gives each item its snippet; `order: 'relevance'`
 * ranks them.
 */
export function listProjects(db: Db, now: string, asked: Pick<ProjectsQuery, 'search' | 'tag' | 'order'> = {}): ProjectListItem[] {
  const query = withSearchText(asked)
  const phrase = query.search ? ftsPhrase(query.search) : null
  const hits = phrase ? ftsHits(db, 'projects_fts', phrase) : null
  const rows = db
    .select({ id: projects.id, slug: projects.slug, title: projects.title, summary: projects.summary, tags: projects.tags })
    .from(projects)
    .where(filters(query, hits, now))
    .orderBy(desc(projects.sortOrder), desc(projects.id))
    .all()
  // Array.prototype.sort is stable: equal ranks keep the display order.
  if (hits && query.order === 'relevance') rows.sort((a, b) => hits.get(a.id)!.rank - hits.get(b.id)!.rank)
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    ...(r.summary ? { summary: r.summary } : {}),
    ...(r.tags.length ? { tags: r.tags } : {}),
    ...(hits ? { snippet: hits.get(r.id)!.snippet } : {}),
  }))
}

/** Every project whatever its status (the admin), or only the public ones (`publicOnly`), in display order. */
export function listFullProjects(db: Db, now: string, { publicOnly = false } = {}): Project[] {
  return db
    .select()
    .from(projects)
    .where(publicOnly ? publicAt(projects, now) : undefined)
    .orderBy(desc(projects.sortOrder), desc(projects.id))
    .all()
    .map((row) => toProject(row, now))
}

/** A public project; `anyStatus` finds a draft too (a preview link). */
export function getProject(db: Db, slug: string, now: string, { anyStatus = false } = {}): Project {
  const row = db
    .select()
    .from(projects)
    .where(anyStatus ? eq(projects.slug, slug) : and(eq(projects.slug, slug), publicAt(projects, now)))
    .get()
  if (!row) throw notFound('Project not found.')
  return toProject(row, now)
}

function columns({ data, slug, bodyHtml }: PreparedProject) {
  return {
    slug,
    title: data.title,
    summary: data.summary,
    role: data.role ?? null,
    tags: data.tags,
    bodyMd: data.bodyMD,
    bodyHtml,
    heroImage: data.heroImage ?? null,
    gallery: data.gallery,
    demoLinks: data.demoLinks,
    metrics: data.metrics,
  }
}

function ensureSlugFree(db: Db, slug: string, exceptId?: number) {
  const row = db.select({ id: projects.id }).from(projects).where(eq(projects.slug, slug)).get()
  if (row && row.id !== exceptId) throw conflict(`The slug "${slug}" is already taken.`)
}

function writeTags(db: Db, projectId: number, tags: string[]) {
  db.delete(projectTags).where(eq(projectTags.projectId, projectId)).run()
  const keys = [...new Set(tags.map(tagKey))]
  if (keys.length) db.insert(projectTags).values(keys.map((k) => ({ projectId, tagKey: k }))).run()
}

/** A write's slow half, done before its transaction opens: the slug worked out and the body rendered. */
export type PreparedProject = { data: ProjectData; slug: string; bodyHtml: string }

/** `render` is for the seed, which brings the sample content's HTML rendered at build time. */
export async function prepareProject(data: ProjectData, render: (markdown: string) => Promise<string> = renderMarkdown): Promise<PreparedProject> {
  return { data, slug: contentSlug(data), bodyHtml: await render(data.bodyMD) }
}

/**
 * createProject's synchronous half, for a caller that already holds a transaction (the seed, the
 * content import). `dates`: what an import restores; absent, the project dates itself.
 */
export function insertProject(db: Db, prepared: PreparedProject, clock: Clock, dates: WriteDates = {}): Project {
  const { data, slug } = prepared
  const now = clock.now().toISOString()
  return db.transaction((tx) => {
    ensureSlugFree(tx, slug)
    // New projects go first: one above the current highest order.
    const top = tx.select({ top: max(projects.sortOrder) }).from(projects).get()?.top ?? 0
    const publication = nextPublication(data, null)
    const createdAt = dateAfterWrite(dates.createdAt, null, publication, now)
    // As with posts: a project restored with an earlier date has not been edited since then.
    const updatedAt = updatedAfterWrite(dates, dates.createdAt && createdAt < now ? createdAt : now)
    const row = tx
      .insert(projects)
      .values({ ...columns(prepared), ...publication, sortOrder: data.order ?? top + 1, createdAt, updatedAt })
      .returning()
      .get()
    writeTags(tx, row.id, data.tags)
    return toProject(row, now)
  }, { behavior: 'immediate' })
}

export async function createProject(db: Db, data: ProjectData, clock: Clock): Promise<Project> {
  return insertProject(db, await prepareProject(data), clock)
}

export async function updateProject(db: Db, currentSlug: string, data: ProjectData, clock: Clock): Promise<Project> {
  return writeProjectUpdate(db, currentSlug, await prepareProject(data), clock)
}

/** updateProject's synchronous half, for a caller that holds a transaction (the content import). */
export function writeProjectUpdate(db: Db, currentSlug: string, prepared: PreparedProject, clock: Clock, dates: WriteDates = {}): Project {
  const { data } = prepared
  return db.transaction((tx) => {
    const existing = tx.select().from(projects).where(eq(projects.slug, currentSlug)).get()
    if (!existing) throw notFound('Project not found.')
    ensureSlugFree(tx, prepared.slug, existing.id)
    const now = clock.now().toISOString()
    const publication = nextPublication(data, existing)
    const createdAt = dateAfterWrite(dates.createdAt, existing, publication, now)
    const row = tx
      .update(projects)
      .set({ ...columns(prepared), ...publication, sortOrder: data.order ?? existing.sortOrder, createdAt, updatedAt: updatedAfterWrite(dates, now) })
      .where(eq(projects.id, existing.id))
      .returning()
      .get()
    writeTags(tx, row.id, data.tags)
    return toProject(row, now)
  }, { behavior: 'immediate' })
}

export function deleteProject(db: Db, slug: string) {
  const deleted = db.delete(projects).where(eq(projects.slug, slug)).returning({ id: projects.id }).get()
  if (!deleted) throw notFound('Project not found.')
}

/** Spec section 4: order becomes list length minus index; every slug must exist, once. */
export function reorderProjects(db: Db, slugs: string[]) {
  if (new Set(slugs).size !== slugs.length) throw badRequest('Each slug may appear only once.')
  db.transaction((tx) => {
    const found = tx.select({ slug: projects.slug }).from(projects).where(inArray(projects.slug, slugs)).all()
    const known = new Set(found.map((r) => r.slug))
    const unknown = slugs.filter((s) => !known.has(s))
    if (unknown.length) {
      throw badRequest('Unknown project slugs.', unknown.map((s) => ({ message: `No project has the slug "${s}".`, code: 'unknown_slug', path: 'slugs' })))
    }
    slugs.forEach((slug, index) => {
      tx.update(projects).set({ sortOrder: slugs.length - index }).where(eq(projects.slug, slug)).run()
    })
  }, { behavior: 'immediate' })
}
