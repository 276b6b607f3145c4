import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import type { PostSummary } from '#src/contract/post'
import { formatDate } from '#client/lib/format-date'
import { SearchSnippet } from './search-snippet'
import { TagList } from './tag-list'

/** A blog list card: title (the link), date and 'N min', summary, tags. */
export function PostCard({ post, tagHref }: { post: PostSummary; tagHref: (tag: string) => string }) {
  return (
    <article className="card post-card">
      <h2 className="card-title">
        <Link href={paths.post(post.slug)}>{post.title}</Link>
      </h2>
      <p className="post-meta">
        <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        <span aria-hidden="true"> · </span>
        <span className="reading-time">{post.readingMinutes} min</span>
      </p>
      {post.summary && <p className="post-summary">{post.summary}</p>}
      <SearchSnippet parts={post.snippet} />
      <TagList tags={post.tags} hrefFor={tagHref} />
    </article>
  )
}
