import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import type { PostSummary } from '#src/contract/post'
import { formatDate } from '#client/lib/format-date'

/** A latest post on the home page: date (UTC) and 'N min', title, summary. */
export function HomePostCard({ post }: { post: PostSummary }) {
  return (
    <article className="home-post">
      <p className="post-meta">
        <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        <span aria-hidden="true"> · </span>
        <span className="reading-time">{post.readingMinutes} min</span>
      </p>
      <h3 className="home-post-title">
        <Link href={paths.post(post.slug)}>{post.title}</Link>
      </h3>
      {post.summary && <p className="home-post-summary">{post.summary}</p>}
    </article>
  )
}
