// What a static export holds: every public page of the route table, expanded from the data,
// and the extra public documents; and where each goes as a file.
import { routes } from '#client/site/routes'
import type { Db } from '#db/connection'
import * as paths from '#src/contract/paths'
import { tagKey } from '#src/lib/sql-helpers'
import { listFullPosts } from '#src/features/posts/service'
import { listProjects } from '#src/features/projects/service'

/**
 * Public documents besides pages, written when the app answers them with 200 (feeds and the
 * sitemap come with their own issue, which adds its paths here if it needs more).
 */
export const EXTRA_DOCUMENTS: readonly string[] = [paths.feeds().atom, paths.feeds().json, paths.sitemap, paths.robots]

/**
 * The feeds of every tag public posts carry at `now` (ISO), as the blog page links them. A tag whose
 * file name could not be a path segment (a slash, a dot segment) is left out.
 */
export function tagFeedDocuments(db: Db, now: string): string[] {
  const tags = new Map<string, string>()
  for (const post of listFullPosts(db, now, { publicOnly: true })) for (const tag of post.tags) if (!tags.has(tagKey(tag))) tags.set(tagKey(tag), tag)
  return [...tags.values()]
    .filter((tag) => !/[/\\\0]/.test(tag) && tag !== '.' && tag !== '..')
    .flatMap((tag) => Object.values(paths.feeds(tag)))
}

/** Rendered as 404.html: a path no route matches, so the app answers with its not-found page. */
export const NOT_FOUND_PROBE = '/404'

/** Routes never exported: a resume link is a private capability, not a page. */
const PRIVATE_ROUTES = new Set(['/resume/:token'])

/** The pages behind each route with a parameter, from the same services as the API. */
const PARAM_PAGES: Record<string, (db: Db, now: string) => string[]> = {
  '/projects/:slug': (db, now) => listProjects(db, now).map((p) => paths.project(p.slug)),
  '/blog/:slug': (db, now) => listFullPosts(db, now, { publicOnly: true }).map((p) => paths.post(p.slug)),
}

/** Paths that must never become files of a public export, whatever the route table says. */
export const isPrivatePath = (path: string) => /^\/(admin|resume|api\/admin)(\/|$)/i.test(path)

/**
 * Every page path public at `now` (ISO; drafts and posts scheduled later are left out). A new route
 * with a parameter fails loudly until it is listed above.
 */
export function publicPages(db: Db, now: string): string[] {
  const pages: string[] = []
  for (const route of routes) {
    if (PRIVATE_ROUTES.has(route.path)) continue
    if (!route.path.includes(':')) {
      pages.push(route.path)
      continue
    }
    const expand = PARAM_PAGES[route.path]
    if (!expand) throw new Error(`export: no way to list the pages of route ${route.path}; add it to PARAM_PAGES in src/web/site-export/pages.ts`)
    pages.push(...expand(db, now))
  }
  return pages.filter((p) => !isPrivatePath(p))
}

/**
 * `/` -> index.html, `/projects/x` -> projects/x/index.html; a document keeps its own name. Both
 * are the path's segments as a static host decodes them (`%20` is a space): paths.ts encodes every
 * slug and tag, which changes nothing for valid slugs (lowercase letters, digits and dashes).
 */
export const fileOfPage = (path: string) => [...safeSegments(path), 'index.html'].join('/')

export const fileOfDocument = (path: string) => safeSegments(path).join('/')

/** The path's decoded segments, refusing anything that could leave the output directory. */
function safeSegments(path: string): string[] {
  if (!path.startsWith('/')) throw new Error(`export: not a root path: ${path}`)
  const unsafe = () => new Error(`export: unsafe path ${JSON.stringify(path)}`)
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s)
      } catch {
        throw unsafe()
      }
    })
  for (const s of segments) {
    if (s === '.' || s === '..' || s.includes('/') || s.includes('\\') || s.includes('\0')) throw unsafe()
  }
  return segments
}
