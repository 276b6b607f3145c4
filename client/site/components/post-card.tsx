import * as paths from '#src/contract/paths'
import type { PostSummary } from '#src/contract/post'
import { formatDate } from '#client/lib/format-date'
import { SearchSnippet } from './search-snippet'
import { TagList } from './tag-list'

/** What a blog list entry shows: the blog island's props carry only this of each post. */
export type PostCardData = Pick<PostSummary, 'title' | 'slug' | 'summary' | 'tags' | 'readingMinutes' | 'createdAt' | 'snippet'>

/**
 * A blog list entry: title (the link), date and 'N min', summary, tags. `level`: its heading's,
 * one below the list's own (3 under a year's heading).
 */
export function PostCard({ post, tagHref, level = 2 }: { post: PostCardData; tagHref: (tag: string) => string; level?: 2 | 3 }) {
  const Heading = level === 3 ? 'h3' : 'h2'
  return (
    <article className="post-card">
      <Heading className="card-title">
        <a href={paths.post(post.slug)}>{post.title}</a>
      </Heading>
      <p className="post-meta">
        <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        <span aria-hidden="true"> · </span>
        {/* One text node: React would put a comment between two, which Preact does not hydrate. */}
        <span className="reading-time">{`${post.readingMinutes} min`}</span>
      </p>
      {post.summary && <p className="post-summary">{post.summary}</p>}
      <SearchSnippet parts={post.snippet} />
      <TagList tags={post.tags} hrefFor={tagHref} />
    </article>
  )
}
