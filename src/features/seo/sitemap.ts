// /sitemap.xml (sitemaps.org 0.9): the home page, the lists and every project and post, each
// with the last time its content changed.
import { desc, sql } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { posts, projects } from '#db/schema'
import * as paths from '#src/contract/paths'
import { absoluteUrl, type SiteOrigin } from '#src/contract/site-origin'
import { publicAt } from '#src/lib/publication'
import { xmlText } from '#src/features/feeds'

type Entry = { path: string; lastmod?: string | null }

/** A row's last change: a scheduled item was last saved before it went out, so its publication may be later. */
const lastChange = (table: typeof posts | typeof projects) => sql<string>`max(${table.updatedAt}, ${table.createdAt})`

/** The pages a search engine should know (public at `now`, ISO), newest content first within each kind. */
export function sitemapEntries(db: Db, now: string): Entry[] {
  const projectRows = db
    .select({ slug: projects.slug, updatedAt: lastChange(projects) })
    .from(projects)
    .where(publicAt(projects, now))
    .orderBy(desc(projects.sortOrder), desc(projects.id))
    .all()
  const postRows = db
    .select({ slug: posts.slug, updatedAt: lastChange(posts) })
    .from(posts)
    .where(publicAt(posts, now))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .all()
  const newestOf = (rows: { updatedAt: string }[]) => rows.reduce<string | undefined>((max, r) => (!max || r.updatedAt > max ? r.updatedAt : max), undefined)
  const newestProject = newestOf(projectRows)
  const newestPost = newestOf(postRows)
  const newest = newestOf([...projectRows, ...postRows])
  return [
    { path: paths.home, lastmod: newest },
    { path: paths.projects(), lastmod: newestProject },
    { path: paths.blog(), lastmod: newestPost },
    { path: paths.skills(), lastmod: newestProject },
    { path: paths.contact },
    { path: paths.privacy },
    ...projectRows.map((p) => ({ path: paths.project(p.slug), lastmod: p.updatedAt })),
    ...postRows.map((p) => ({ path: paths.post(p.slug), lastmod: p.updatedAt })),
  ]
}

export function sitemapXml(site: SiteOrigin, entries: Entry[]): string {
  const urls = entries.map((e) => `<url><loc>${xmlText(absoluteUrl(site, e.path))}</loc>${e.lastmod ? `<lastmod>${xmlText(e.lastmod)}</lastmod>` : ''}</url>`)
  return `<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`
}

/** Everything but the private areas, and where the sitemap is. */
export const robotsTxt = (site: SiteOrigin) => `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /resume/\nDisallow: /preview/\nDisallow: /api/\n\nSitemap: ${absoluteUrl(site, paths.sitemap)}\n`
