// What a static export holds: every public page of the route table, expanded from the data,
// and the extra public documents; and where each goes as a file.
import { routes } from '../../../client/site/routes'
import type { Db } from '../../../db/connection'
import { listFullPosts } from '../posts/service'
import { listProjects } from '../projects/service'

/**
 * Public documents besides pages, written when the app answers them with 200 (feeds and the
 * sitemap come with their own issue, which adds its paths here if it needs more).
 */
export const EXTRA_DOCUMENTS: readonly string[] = ['/feed.xml', '/feed.json', '/sitemap.xml', '/robots.txt']

/** Rendered as 404.html: a path no route matches, so the app answers with its not-found page. */
export const NOT_FOUND_PROBE = '/404'

/** Routes never exported: a resume link is a private capability, not a page. */
const PRIVATE_ROUTES = new Set(['/resume/:token'])

/** The pages behind each route with a parameter, from the same services as the API. */
const PARAM_PAGES: Record<string, (db: Db, now: string) => string[]> = {
  '/projects/:slug': (db, now) => listProjects(db, now).map((p) => `/projects/${p.slug}`),
  '/blog/:slug': (db, now) => listFullPosts(db, now, { publicOnly: true }).map((p) => `/blog/${p.slug}`),
}

/** Paths that must never become files of a public export, whatever the route table says. */
export const isPrivatePath = (path: string) => /^\/(admin|resume|api\/admin)(\/|$)/i.test(path)

/**
 * Every page path public at `now` (ISO; drafts and posts scheduled later are left out). A new route
 * with a parameter fails loudly until it is listed above.
 */
export function publicPages(db: Db, now: string): string[] {
  const paths: string[] = []
  for (const route of routes) {
    if (PRIVATE_ROUTES.has(route.path)) continue
    if (!route.path.includes(':')) {
      paths.push(route.path)
      continue
    }
    const expand = PARAM_PAGES[route.path]
    if (!expand) throw new Error(`export: no way to list the pages of route ${route.path}; add it to PARAM_PAGES in src/features/site-export/pages.ts`)
    paths.push(...expand(db, now))
  }
  return paths.filter((p) => !isPrivatePath(p))
}

/** `/` -> index.html, `/projects/x` -> projects/x/index.html; a document keeps its own name. */
export function fileOfPage(path: string): string {
  const segments = safeSegments(path)
  return [...segments, 'index.html'].join('/')
}

export const fileOfDocument = (path: string) => safeSegments(path).join('/')

/** The path's segments, refusing anything that could leave the output directory. */
function safeSegments(path: string): string[] {
  if (!path.startsWith('/')) throw new Error(`export: not a root path: ${path}`)
  const segments = path.split('/').filter(Boolean)
  for (const s of segments) {
    if (s === '.' || s === '..' || s.includes('\\') || s.includes('\0')) throw new Error(`export: unsafe path ${JSON.stringify(path)}`)
  }
  return segments
}
