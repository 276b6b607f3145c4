// The home page's queries and their prefetch, without the page itself (which the route table
// loads lazily, so its code stays out of every other page's first load).
import type { QueryClient } from '@tanstack/react-query'
import { postsQuery, projectsQuery, type SiteData } from '#client/lib/site-data'

export const FEATURED_COUNT = 3
export const LATEST_COUNT = 3

// The unfiltered project list is the one /projects shows, so the two pages share a cache entry.
export const prefetchHome = (qc: QueryClient, data: SiteData) =>
  Promise.all([qc.prefetchQuery(projectsQuery(data, {})), qc.prefetchQuery(postsQuery(data, { limit: LATEST_COUNT }))])
