// /blog, rendered on the server only (decision 066): the header and intro, then the blog-list
// island with what the URL's filters show. Without JavaScript it is a GET form and links, each
// answered here with the filtered list; with it, the island filters in place.
import { useQuery } from '@tanstack/react-query'
import { useSearch } from 'wouter'
import { useSite, useSiteData } from '#client/lib/site-context'
import { postsQuery } from '#client/lib/site-data'
import type { PostCardData } from '../components/post-card'
import { BlogList } from '../islands/blog-list'
import { island } from '../islands/island'
import { readListFilters } from '../islands/list-url'
import { ALL_POSTS, blogFilters, postFilters, prefetchBlog, tagGroups } from './blog-filters'

export { blogFilters, prefetchBlog }

const BlogListIsland = island('blog-list', BlogList)

/** Only what a card shows crosses to the browser (not updatedAt, status, publishAt). */
const cardData = ({ title, slug, summary, tags, readingMinutes, createdAt, snippet }: PostCardData): PostCardData => ({
  title,
  slug,
  summary,
  tags,
  readingMinutes,
  createdAt,
  ...(snippet ? { snippet } : {}),
})

export function BlogPage() {
  const filters = readListFilters(new URLSearchParams(useSearch()))
  const data = useSiteData()
  const site = useSite()
  // Both prefetched (prefetchBlog): a failure there is a 500 page, so neither is missing here.
  const all = useQuery(postsQuery(data, ALL_POSTS)).data ?? []
  const list = useQuery(postsQuery(data, postFilters(filters))).data ?? []
  const { chips, more } = tagGroups(all)

  return (
    <div className="page blog">
      <header className="page-header">
        <h1>Blog</h1>
        {site.intros.blog && <p className="lede">{site.intros.blog}</p>}
      </header>
      <BlogListIsland posts={list.map(cardData)} tags={{ chips, more }} filters={filters} apiBase={site.apiBase} {...(site.staticSite ? { staticSite: true } : {})} />
    </div>
  )
}
