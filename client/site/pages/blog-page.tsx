// /blog: search and tag live in the URL; tag chips, Clear, post cards; 'Loading…' only after 150 ms.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import * as paths from '#src/contract/paths'
import { errorText } from '#client/lib/api'
import { useSite, useSiteData } from '#client/lib/site-context'
import { postsQuery } from '#client/lib/site-data'
import { useDelayedFlag } from '#client/lib/use-delayed-flag'
import { PostCard } from '../components/post-card'
import { PostSearch } from '../components/post-search'
import { TagFilter } from '../components/tag-filter'
import { ALL_POSTS, BLOG, blogFilters, prefetchBlog, tagGroups } from './blog-filters'

export { blogFilters, prefetchBlog }

const countText = (n: number) => `${n} ${n === 1 ? 'post' : 'posts'}`

export function BlogPage() {
  const filters = blogFilters(new URLSearchParams(useSearch()))
  const { search, tag } = filters
  const [, navigate] = useLocation()
  const data = useSiteData()
  const site = useSite()
  const all = useQuery(postsQuery(data, ALL_POSTS))
  // Each search+tag pair is its own cache entry; the previous results stay up while a new one loads.
  const list = useQuery({ ...postsQuery(data, filters), placeholderData: keepPreviousData })
  const fetching = list.isPending || list.isPlaceholderData
  const loading = useDelayedFlag(fetching, BLOG.loadingDelayMs)
  // Bumped by Clear: remounts the search box, dropping text typed but not yet committed.
  const [resets, setResets] = useState(0)
  const groups = tagGroups(all.data ?? [])

  const go = (next: { search?: string; tag?: string }, replace = false) => navigate(paths.blog(next), { replace })
  const clear = () => {
    setResets((n) => n + 1)
    go({}, !search && !tag)
  }
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    go({ search: String(new FormData(e.currentTarget).get('search') ?? ''), tag }, true)
  }

  return (
    <div className="page blog">
      <header className="page-header">
        <h1>Blog</h1>
        {site.intros.blog && <p className="lede">{site.intros.blog}</p>}
      </header>
      {/* A GET form: without JavaScript, Enter in the search box still filters. */}
      <form className="blog-filters" role="search" aria-label="Posts" action={paths.blog()} method="get" onSubmit={onSubmit}>
        <PostSearch key={resets} value={search ?? ''} onCommit={(s) => go({ search: s, tag }, true)} debounceMs={BLOG.searchDebounceMs} />
        {tag && <input type="hidden" name="tag" value={tag} />}
        <TagFilter groups={groups} active={tag} hrefFor={(t) => paths.blog({ search, tag: t === tag ? undefined : t })} onSelect={(t) => go({ search, tag: t })} />
        <button type="button" className="button blog-clear" onClick={clear}>
          Clear
        </button>
        <noscript>
          <a className="button" href={paths.blog()}>
            Clear
          </a>
        </noscript>
      </form>
      <p className="blog-status" role="status">
        {loading ? 'Loading…' : !fetching && !list.isError && list.data.length > 0 ? countText(list.data.length) : ''}
      </p>
      {list.isError ? (
        <p role="alert" className="error">
          Failed to load posts: {errorText(list.error)}
        </p>
      ) : !list.data ? null : list.data.length === 0 ? (
        <p className="blog-empty">No posts match those filters.</p>
      ) : (
        <ul className="blog-list" aria-busy={loading || undefined}>
          {list.data.map((p) => (
            <li key={p.slug}>
              <PostCard post={p} tagHref={(t) => paths.blog({ search, tag: t })} />
            </li>
          ))}
        </ul>
      )}
      <BlogFeeds tag={tag && all.data?.some((p) => p.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) ? tag : undefined} />
    </div>
  )
}

/** The feeds of what the page lists: one tag's when a tag with posts is chosen, else the blog's. */
function BlogFeeds({ tag }: { tag?: string }) {
  const feeds = paths.feeds(tag)
  return (
    <p className="blog-feeds">
      {tag ? `Follow posts tagged ${tag}: ` : 'Follow the blog: '}
      <a href={feeds.atom} type="application/atom+xml">
        Atom feed
      </a>
      {' · '}
      <a href={feeds.json} type="application/feed+json">
        JSON Feed
      </a>
    </p>
  )
}
