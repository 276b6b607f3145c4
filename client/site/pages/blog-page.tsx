// /blog: search and tag live in the URL; tag chips, Clear (with a filter set), the posts by year
// (a search's results best first); 'Loading…' only after 150 ms.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import * as paths from '#src/contract/paths'
import type { PostSummary } from '#src/contract/post'
import { errorText } from '#client/lib/api'
import { useSite, useSiteData } from '#client/lib/site-context'
import { postsQuery } from '#client/lib/site-data'
import { useDelayedFlag } from '#client/lib/use-delayed-flag'
import { PostCard } from '../components/post-card'
import { PostSearch } from '../components/post-search'
import { TagFilter } from '../components/tag-filter'
import { ALL_POSTS, BLOG, blogFilters, byYear, prefetchBlog, tagGroups } from './blog-filters'

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
        {/* Only with something to clear: the URL says so on the server and in the browser alike. */}
        {(search || tag) && (
          <>
            <button type="button" className="button blog-clear" onClick={clear}>
              Clear
            </button>
            <noscript>
              <a className="button blog-clear-link" href={paths.blog()}>
                Clear
              </a>
            </noscript>
          </>
        )}
      </form>
      <p className="blog-status" role="status">
        {loading ? 'Loading…' : !fetching && !list.isError && list.data.length > 0 ? countText(list.data.length) : ''}
      </p>
      {list.isError ? (
        <p role="alert" className="error">
          Failed to load posts: {errorText(list.error)}
        </p>
      ) : !list.data ? null : list.data.length === 0 ? (
        <p className="blog-empty">{search || tag ? 'No posts match those filters.' : 'No posts yet.'}</p>
      ) : search ? (
        // A search's results are best first: one list, no years.
        <PostList posts={list.data} busy={loading} tagHref={(t) => paths.blog({ search, tag: t })} level={2} />
      ) : (
        byYear(list.data).map((group) => (
          <section key={group.year} className="blog-year" aria-labelledby={`blog-year-${group.year}`}>
            <h2 id={`blog-year-${group.year}`} className="blog-year-heading">
              {group.year}
            </h2>
            <PostList posts={group.posts} busy={loading} tagHref={(t) => paths.blog({ tag: t })} level={3} />
          </section>
        ))
      )}
      <BlogFeeds tag={tag && all.data?.some((p) => p.tags.some((t) => t.toLowerCase() === tag.toLowerCase())) ? tag : undefined} />
    </div>
  )
}

function PostList({ posts, busy, tagHref, level }: { posts: PostSummary[]; busy: boolean; tagHref: (tag: string) => string; level: 2 | 3 }) {
  return (
    <ul className="blog-list" aria-busy={busy || undefined}>
      {posts.map((p) => (
        <li key={p.slug}>
          <PostCard post={p} tagHref={tagHref} level={level} />
        </li>
      ))}
    </ul>
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
