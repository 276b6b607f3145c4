// The blog list island (decision 066): the search box, the tag filters, Clear, the status line,
// the posts and their feeds. Search and tag live in the URL; each search+tag pair is fetched once
// (the island's own cache) and the previous posts stay up while a new list loads; 'Loading…' only
// after 150 ms. On a static export it filters the whole list it came with, in the page.
import { useMemo, useState, type FormEvent, type MouseEvent } from 'react'
import * as apiPaths from '#src/contract/api-paths'
import type { ItemList } from '#src/contract/errors'
import * as paths from '#src/contract/paths'
import type { PostSummary } from '#src/contract/post'
import { createApiClient } from '#client/lib/api'
import { useDelayedFlag } from '#client/lib/use-delayed-flag'
import type { PostCardData } from '../components/post-card'
import { PostSearch } from '../components/post-search'
import { TagFilter } from '../components/tag-filter'
import { BLOG, postFilters } from '../pages/blog-filters'
import { filterInPage } from '../static-site'
import { BlogFeeds, BlogPosts } from './blog-posts'
import { useCachedList } from './list-results'
import { addressFilters, filtersKey, ownLinkClick, showInAddress, useFollowAddress } from './list-url'

export type BlogListProps = {
  /** The posts the server rendered for `filters`; on a static export every post (no query there). */
  posts: PostCardData[]
  /** Tag names: the chips, then the rest ('More tags…'), alphabetically (blog-filters.ts tagGroups). */
  tags: { chips: string[]; more: string[] }
  filters: paths.ListFilters
  apiBase: string
  staticSite?: true
}

const countText = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`

export function BlogList({ posts, tags, filters: rendered, apiBase, staticSite }: BlogListProps) {
  const [filters, setFilters] = useState(rendered)
  const { search, tag } = filters
  const groups = useMemo(() => ({ ...tags, all: [...tags.chips, ...tags.more] }), [tags])
  const api = useMemo(() => createApiClient({ apiBase }), [apiBase])
  const load = async () => (await api.get<ItemList<PostSummary>>(apiPaths.posts, { query: postFilters(filters) })).items
  const fetched = useCachedList<PostCardData>(filtersKey(filters), staticSite ? null : load, staticSite ? null : { key: filtersKey(rendered), items: posts })
  const results = staticSite ? { items: filterInPage(posts, filters), pending: false, error: null } : fetched
  const loading = useDelayedFlag(results.pending, BLOG.loadingDelayMs)
  // Bumped by Clear: remounts the search box, dropping text typed but not yet committed.
  const [resets, setResets] = useState(0)

  const follow = () => {
    const next = addressFilters()
    setFilters((prev) => (filtersKey(prev) === filtersKey(next) ? prev : next))
  }
  useFollowAddress(follow)
  const go = (next: paths.ListFilters, replace = false) => {
    showInAddress(paths.blog(next), replace)
    follow()
  }
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const href = ownLinkClick(e, paths.blog())
    if (href === null) return
    showInAddress(href)
    follow()
  }
  const clear = () => {
    setResets((n) => n + 1)
    go({}, !search && !tag)
  }
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    go({ search: String(new FormData(e.currentTarget).get('search') ?? ''), tag }, true)
  }
  const items = results.items
  const hasPosts = (t: string) => groups.all.some((name) => name.toLowerCase() === t.toLowerCase())

  return (
    <div className="blog-browse" onClick={onClick}>
      {/* A GET form: without JavaScript, Enter in the search box still filters. */}
      <form className="blog-filters" role="search" aria-label="Posts" action={paths.blog()} method="get" onSubmit={onSubmit}>
        <PostSearch key={resets} value={search ?? ''} onCommit={(s) => go({ search: s, tag }, true)} debounceMs={BLOG.searchDebounceMs} />
        {tag && <input type="hidden" name="tag" value={tag} />}
        <TagFilter groups={groups} active={tag} hrefFor={(t) => paths.blog({ search, tag: t === tag ? undefined : t })} onSelect={(t) => go({ search, tag: t })} />
        {/* Only with something to clear. The link is for a browser without JavaScript (CSS shows
            one of the two): both are always rendered, so server and browser markup agree. */}
        {(search || tag) && (
          <>
            <button type="button" className="button blog-clear" onClick={clear}>
              Clear
            </button>
            <a className="button blog-clear-link" href={paths.blog()}>
              Clear
            </a>
          </>
        )}
      </form>
      <p className="blog-status" role="status">
        {loading ? 'Loading…' : !results.pending && !results.error && items && items.length > 0 ? countText(items.length) : ''}
      </p>
      <BlogPosts posts={items} error={results.error} search={search} tag={tag} busy={loading} />
      <BlogFeeds tag={tag && hasPosts(tag) ? tag : undefined} />
    </div>
  )
}
