// Projects room: list, read and write projects; the public site and the API share these.
import { eq, inArray, max } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { projects, projectTags } from '#db/schema'
import type { Project, ProjectData, ProjectListItem, ProjectsQuery } from '#src/contract/project'
import { fullRows, listRows, rowBySlug, type ReadKind } from '#src/lib/content-read'
import { contentWrites, type ContentKind, type Prepared } from '#src/lib/content-write'
import { badRequest, notFound } from '#src/lib/http-error'
import { publicationOf } from '#src/lib/publication'
import { imageSets } from '#src/features/uploads'

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

const READS: ReadKind = {
  table: projects,
  tags: { table: projectTags, owner: projectTags.projectId, key: projectTags.tagKey },
  fts: 'projects_fts',
  order: [projects.sortOrder, projects.id],
}
const listColumns = { slug: projects.slug, title: projects.title, summary: projects.summary, tags: projects.tags, heroImage: projects.heroImage }

/**
 * Public list in display order (order desc). A search of 3 characters or more is full-text
 * (titles, summaries, tags and bodies) and gives each item its snippet; `order: 'relevance'`
 * ranks them.
 */
export function listProjects(db: Db, now: string, query: Pick<ProjectsQuery, 'search' | 'tag' | 'order'> = {}): ProjectListItem[] {
  const { rows, hits } = listRows(db, READS, now, query, listColumns)
  const thumbnails = imageSets(db, rows.map((r) => r.heroImage))
  return rows.map((r) => ({
    slug: r.slug,
    title: r.title,
    ...(r.summary ? { summary: r.summary } : {}),
    ...(r.tags.length ? { tags: r.tags } : {}),
    ...(hits ? { snippet: hits.get(r.id)!.snippet } : {}),
    ...(r.heroImage ? { thumbnail: thumbnails.get(r.heroImage)! } : {}),
  }))
}

/** Every project whatever its status (the admin), or only the public ones (`publicOnly`), in display order. */
export function listFullProjects(db: Db, now: string, { publicOnly = false } = {}): Project[] {
  return fullRows<Row>(db, READS, now, { publicOnly }).map((row) => toProject(row, now))
}

/** A public project; `anyStatus` finds a draft too (a preview link). */
export function getProject(db: Db, slug: string, now: string, { anyStatus = false } = {}): Project {
  const row = rowBySlug<Row>(db, READS, slug, now, anyStatus)
  if (!row) throw notFound('Project not found.')
  const sets = imageSets(db, [row.heroImage, ...row.gallery])
  const media = { ...(row.heroImage ? { hero: sets.get(row.heroImage)! } : {}), gallery: row.gallery.map((url) => sets.get(url)!) }
  return { ...toProject(row, now), media }
}

/**
 * Projects' writes are the shared content writes (src/lib/content-write.ts). Where a project
 * differs from a post: it has a role, a hero image, a gallery, demo links, metrics and a display
 * order (a new one goes first) instead of a reading time and a table of contents; only an import
 * dates it; and it alone is reordered (reorderProjects, below).
 */
const PROJECTS: ContentKind<ProjectData, Row, Project> = {
  noun: 'Project',
  table: projects,
  tags: { table: projectTags, owner: 'projectId' },
  ownColumns: (tx, data, stored) => ({
    role: data.role ?? null,
    heroImage: data.heroImage ?? null,
    gallery: data.gallery,
    demoLinks: data.demoLinks,
    metrics: data.metrics,
    // New projects go first: one above the current highest order.
    sortOrder: data.order ?? stored?.sortOrder ?? (tx.select({ top: max(projects.sortOrder) }).from(projects).get()?.top ?? 0) + 1,
  }),
  givenDate: (_data, dates) => dates.createdAt,
  undatedEarlierIsUnedited: false,
  toItem: toProject,
}

export type PreparedProject = Prepared<ProjectData>
export const {
  prepare: prepareProject,
  insert: insertProject,
  writeUpdate: writeProjectUpdate,
  create: createProject,
  update: updateProject,
  remove: deleteProject,
} = contentWrites(PROJECTS)

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
