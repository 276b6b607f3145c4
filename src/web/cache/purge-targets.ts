// Where a change shows beyond the pages this server kept, for a cache in front that purges by
// address (Cloudflare): each content tag's addresses, read from the site's own route table (what
// each page's queries show) and from the app's routes that declare `shows` (feeds, sitemap,
// public API reads). No address is written down twice.
import { QueryClient } from '@tanstack/react-query'
import type { SiteData } from '#client/lib/site-data'
import { routes as siteRoutes } from '#client/site/routes'
import type { SiteRoute } from '#client/site/route-types'
import type { ContentTag } from '#src/contract/content-tags'
import type { PagesDropped } from './events'
import { tagsOf } from './page-tags'

/** A route pattern and the content its answer shows. */
export type Showing = { path: string; shows: readonly ContentTag[] }

/** Data with nothing in it: a prefetch run over it says which queries its page makes, and touches nothing. */
const NOTHING: SiteData = {
  projects: async () => [],
  project: async () => ({}) as never,
  posts: async () => [],
  post: async () => ({}) as never,
  skills: async () => [],
}

/** What one page of the route table shows: its prefetch run with a placeholder for each parameter. */
async function pageShowing(route: SiteRoute): Promise<Showing> {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const params = Object.fromEntries(route.path.split('/').filter((s) => s.startsWith(':')).map((s) => [s.slice(1), '-']))
  // NOTE: a prefetch reads the data and its parameters only; the site's settings are the page's head.
  await route.prefetch?.({ qc, data: NOTHING, params, search: new URLSearchParams(), site: undefined as never }).catch(() => {})
  return { path: route.path, shows: tagsOf(qc.getQueryCache().getAll().map((q) => q.meta?.shows)) ?? [] }
}

/** What every page the site may let a cache keep shows (client/site/routes.ts). */
export const sitePagesShowing = (): Promise<Showing[]> => Promise.all(siteRoutes.filter((r) => r.cache !== false).map(pageShowing))

export type PurgeTargets = {
  /** The addresses of a change: its tags' pages and reads, its items' own ones, and the keys this server dropped. */
  paths(change: Pick<PagesDropped, 'tags' | 'items' | 'dropped'>): string[]
}

/**
 * From the patterns that show each tag: one with no parameter is an address as it stands (a
 * list, a feed); one whose only parameter is `:slug` is an item's, filled in for each item the
 * change names. Other patterns (a tag's feed) are left to their s-maxage.
 */
export function purgeTargets(showing: readonly Showing[]): PurgeTargets {
  const lists = new Map<ContentTag, string[]>()
  const items = new Map<ContentTag, string[]>()
  for (const { path, shows } of showing) {
    const params = path.split('/').filter((s) => s.startsWith(':') || s === '*')
    const into = params.length === 0 ? lists : params.length === 1 && params[0] === ':slug' ? items : null
    if (!into) continue
    for (const tag of shows) into.set(tag, [...(into.get(tag) ?? []), path])
  }
  return {
    paths({ tags, items: slugs, dropped }) {
      const out = new Set<string>()
      for (const tag of tags) {
        for (const path of lists.get(tag) ?? []) out.add(path)
        for (const pattern of items.get(tag) ?? []) for (const slug of slugs) out.add(pattern.replace(':slug', encodeURIComponent(slug)))
      }
      // A dropped key is a path and its declared query; the shared not-found pages ('404 /blog') have none.
      for (const key of dropped) if (key.startsWith('/')) out.add(key)
      return [...out]
    },
  }
}
