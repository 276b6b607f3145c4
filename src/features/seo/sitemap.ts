// /sitemap.xml (sitemaps.org 0.9): the home page, the lists and every project and post, each
// with the last time its content changed.
import { desc } from 'drizzle-orm'
import type { Db } from '../../../db/connection'
import { posts, projects } from '../../../db/schema'
import { xmlText } from '../feeds/xml'

type Entry = { path: string; lastmod?: string | null }

/** The pages a search engine should know, newest content first within each kind. */
export function sitemapEntries(db: Db): Entry[] {
  const projectRows = db.select({ slug: projects.slug, updatedAt: projects.updatedAt }).from(projects).orderBy(desc(projects.sortOrder), desc(projects.id)).all()
  const postRows = db.select({ slug: posts.slug, updatedAt: posts.updatedAt }).from(posts).orderBy(desc(posts.createdAt), desc(posts.id)).all()
  const newestOf = (rows: { updatedAt: string }[]) => rows.reduce<string | undefined>((max, r) => (!max || r.updatedAt > max ? r.updatedAt : max), undefined)
  const newestProject = newestOf(projectRows)
  const newestPost = newestOf(postRows)
  const newest = newestOf([...projectRows, ...postRows])
  return [
    { path: '/', lastmod: newest },
    { path: '/projects', lastmod: newestProject },
    { path: '/blog', lastmod: newestPost },
    { path: '/skills', lastmod: newestProject },
    { path: '/contact' },
    { path: '/privacy' },
    ...projectRows.map((p) => ({ path: `/projects/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
    ...postRows.map((p) => ({ path: `/blog/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt })),
  ]
}

export function sitemapXml(siteUrl: string, entries: Entry[]): string {
  const urls = entries.map((e) => `<url><loc>${xmlText(siteUrl + e.path)}</loc>${e.lastmod ? `<lastmod>${xmlText(e.lastmod)}</lastmod>` : ''}</url>`)
  return `<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`
}

/** Everything but the private areas, and where the sitemap is. */
export const robotsTxt = (siteUrl: string) => `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /resume/\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`
