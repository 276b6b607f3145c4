// The blog island's lower half: the posts (by year; a search's results best first, in one list),
// the empty and error texts, and the feeds of what the list shows.
import * as paths from '#src/contract/paths'
import { errorText } from '#client/lib/api'
import { PostCard, type PostCardData } from '../components/post-card'
import { byYear } from '../pages/blog-filters'

type Props = { posts: PostCardData[] | null; error: unknown; search?: string; tag?: string; busy: boolean }

export function BlogPosts({ posts, error, search, tag, busy }: Props) {
  if (error) {
    return (
      <p role="alert" className="error">
        {`Failed to load posts: ${errorText(error)}`}
      </p>
    )
  }
  if (!posts) return null
  if (posts.length === 0) return <p className="blog-empty">{search || tag ? 'No posts match those filters.' : 'No posts yet.'}</p>
  // A search's results are best first: one list, no years.
  if (search) return <PostList posts={posts} busy={busy} tagHref={(t) => paths.blog({ search, tag: t })} level={2} />
  return (
    <>
      {byYear(posts).map((group) => (
        <section key={group.year} className="blog-year" aria-labelledby={`blog-year-${group.year}`}>
          <h2 id={`blog-year-${group.year}`} className="blog-year-heading">
            {group.year}
          </h2>
          <PostList posts={group.posts} busy={busy} tagHref={(t) => paths.blog({ tag: t })} level={3} />
        </section>
      ))}
    </>
  )
}

function PostList({ posts, busy, tagHref, level }: { posts: PostCardData[]; busy: boolean; tagHref: (tag: string) => string; level: 2 | 3 }) {
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
export function BlogFeeds({ tag }: { tag?: string }) {
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
