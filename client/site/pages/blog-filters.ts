// The blog list's URL state (?search=&tag=), its tag groups and its prefetch, without the page
// itself (which the route table loads lazily). Its URLs are paths.blog and paths.feeds. The
// server's page and the browser's island (client/site/islands/blog-list.tsx) both read it.
import type { QueryClient } from '@tanstack/react-query'
import type { ListFilters } from '#src/contract/paths'
import type { PostSummary } from '#src/contract/post'
import { postsQuery, type PostFilters, type SiteData } from '#client/lib/site-data'
import { readListFilters } from '../islands/list-url'

/** Spec section 9. */
export const BLOG = { searchDebounceMs: 100, loadingDelayMs: 150, tagChips: 8, limit: 100 } as const

/** The unfiltered list, the source of the tag chips; also the list's own query without filters. */
export const ALL_POSTS: PostFilters = { limit: BLOG.limit }

/** The posts query of a search and tag: the newest 100, a search's results best first. */
export const postFilters = ({ search, tag }: ListFilters): PostFilters => ({ search, tag, limit: BLOG.limit, ...(search ? { order: 'relevance' as const } : {}) })

/** The filters the page queries with, read from its URL; the server prefetches the same. */
export const blogFilters = (query: URLSearchParams): PostFilters => postFilters(readListFilters(query))

// NOTE: a plain comparison, not localeCompare: server and browser ICU versions may differ,
// and the two renders must agree on the order.
const byName = (a: string, b: string) => {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0
}

export type TagGroups = { all: string[]; chips: string[]; more: string[] }

/** Every tag of the posts once, alphabetically; the first `chipCount` as chips, the rest in 'More tags…'. */
export function tagGroups(posts: Pick<PostSummary, 'tags'>[], chipCount: number = BLOG.tagChips): TagGroups {
  const all = [...new Set(posts.flatMap((p) => p.tags))].filter(Boolean).sort(byName)
  return { all, chips: all.slice(0, chipCount), more: all.slice(chipCount) }
}

export type YearGroup<T> = { year: string; posts: T[] }

/**
 * Posts newest first, grouped by the UTC year they are dated (createdAt is ISO, so its first four
 * characters): the blog reads as a dated list, not a dashboard (issue 22).
 */
export function byYear<T extends Pick<PostSummary, 'createdAt'>>(posts: readonly T[]): YearGroup<T>[] {
  const groups: YearGroup<T>[] = []
  for (const post of posts) {
    const year = post.createdAt.slice(0, 4)
    const last = groups.at(-1)
    if (last?.year === year) last.posts.push(post)
    else groups.push({ year, posts: [post] })
  }
  return groups
}

/** The list the URL asks for and the unfiltered one the tag chips come from (one query when equal). */
export const prefetchBlog = (qc: QueryClient, data: SiteData, search: URLSearchParams) =>
  Promise.all([qc.prefetchQuery(postsQuery(data, blogFilters(search))), qc.prefetchQuery(postsQuery(data, ALL_POSTS))])
