// Types of the public route table (client/site/routes.ts).
import type { QueryClient } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import type { SiteConfig } from '#src/contract/site'
import type { SiteData } from '../lib/site-data'

export type Params = Record<string, string>
export type PageProps = { params: Params }

export type RouteContext = {
  params: Params
  search: URLSearchParams
  data: SiteData
  qc: QueryClient
  site: SiteConfig
}

export type Head = { title: string; description: string; noindex?: boolean }

export type SiteRoute = {
  path: string
  page: ComponentType<PageProps>
  /** Code the page needs (a lazy chunk): awaited by the server before rendering, by the browser before hydrating. */
  load?: () => Promise<unknown>
  /** Loads what the page shows into the query cache; the server awaits it before rendering. */
  prefetch?: (ctx: RouteContext) => Promise<unknown>
  /** Title and description, from the cache when the page has data. */
  head: (ctx: RouteContext) => Head
  /**
   * The server's render cache (src/web/render-cache.ts): `query` names the search parameters the
   * page renders differently for (the others are ignored and the page is shared); `false` keeps
   * the page out of the cache (a private page). Default: cached, no parameters.
   */
  cache?: { query: readonly string[] } | false
}

export const pageTitle = (page: string, site: SiteConfig) => `${page} - ${site.siteName}`
