// The project list's URL state (?search=&tag=), without the page itself (which the route table
// loads lazily); the server prefetches with the same filters, and the browser's island
// (client/site/islands/projects-list.tsx) reads them too.
import type { ListFilters } from '#src/contract/paths'
import type { ProjectFilters } from '#client/lib/site-data'
import { readListFilters } from '../islands/list-url'

/** The projects query of a search and tag: a search's results best first. */
export const projectQueryFilters = ({ search, tag }: ListFilters): ProjectFilters => ({ search, tag, ...(search ? { order: 'relevance' as const } : {}) })

export const projectFilters = (query: URLSearchParams): ProjectFilters => projectQueryFilters(readListFilters(query))
