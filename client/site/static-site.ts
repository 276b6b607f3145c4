// A site written by `folio export` and served as files: no folio answers page data behind it.
// Links load whole pages (every page is a file), lists filter in the page over the full lists
// it came with, and the browser hydrates with the query the file was rendered for (none).
// NOTE: entry.tsx imports this module only on a static export: live sites never download it.
import type { QueryClient } from '@tanstack/react-query'
import type { AroundNavHandler } from 'wouter'
import type { PostSummary } from '#src/contract/post'
import type { ProjectListItem } from '#src/contract/project'
import { postQuery, postsQuery, projectQuery, projectsQuery, skillsQuery, type SiteData } from '../lib/site-data'
import { ALL_POSTS } from './pages/blog-filters'

export const STATIC_UNAVAILABLE = 'This static copy of the site cannot load that; the page itself has everything it shows.'

/** A new path is a new file: the browser loads it. Only the query of this page changes in place. */
export const staticNavigation: AroundNavHandler = (navigate, to, options) => {
  const next = new URL(to, location.href)
  if (next.pathname === location.pathname) return navigate(to, options)
  if (options?.replace) location.replace(next.href)
  else location.assign(next.href)
}

/** `/blog/` and `/blog/index.html` (how static hosts may show a page) are the page `/blog`. */
export function tidyStaticPath() {
  const path = location.pathname.replace(/\/index\.html$/, '/').replace(/(.)\/+$/, '$1')
  if (path !== location.pathname) history.replaceState(history.state, '', path + location.search + location.hash)
}

// The services' rules (src/features/*/service.ts): a tag matches its key exactly; a search is a
// case-insensitive "contains" over the title, the summary and the tag keys.
const key = (text: string) => text.trim().toLowerCase()
type Listed = { title: string; summary?: string; tags?: string[] }
function matches(item: Listed, { search, tag }: { search?: string; tag?: string }): boolean {
  const tags = (item.tags ?? []).map(key)
  if (tag && !tags.includes(key(tag))) return false
  if (!search) return true
  const term = search.toLowerCase()
  return [item.title, item.summary ?? '', ...tags].some((text) => text.toLowerCase().includes(term))
}

/** The browser's SiteData on a static export: answers from the page's own data, never over HTTP. */
export function staticSiteData(qc: QueryClient): SiteData {
  const cached = <T>(queryKey: readonly unknown[]): Promise<T> => {
    const value = qc.getQueryData<T>(queryKey)
    return value === undefined ? Promise.reject(new Error(STATIC_UNAVAILABLE)) : Promise.resolve(value)
  }
  const data: SiteData = {
    projects: async (filters) => (await cached<ProjectListItem[]>(projectsQuery(data, {}).queryKey)).filter((p) => matches(p, filters)),
    project: (slug) => cached(projectQuery(data, slug).queryKey),
    posts: async (filters) => {
      const all = await cached<PostSummary[]>(postsQuery(data, ALL_POSTS).queryKey)
      return all.filter((p) => matches(p, filters)).slice(0, filters.limit ?? all.length)
    },
    post: (slug) => cached(postQuery(data, slug).queryKey),
    skills: () => cached(skillsQuery(data).queryKey),
  }
  return data
}
