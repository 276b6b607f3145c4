// The project list's URL state (?search=&tag=), without the page itself (which the route table
// loads lazily); the server prefetches with the same filters.
import type { ProjectFilters } from '#client/lib/site-data'

export const projectFilters = (search: URLSearchParams): ProjectFilters => {
  const text = search.get('search')?.trim() || undefined
  return { search: text, tag: search.get('tag')?.trim() || undefined, ...(text ? { order: 'relevance' as const } : {}) }
}
