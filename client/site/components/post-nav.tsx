import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import type { PostLink } from '#src/contract/post'

/** Links to the neighbours of a post, newest first: `prev` is the newer one, `next` the older. */
export function PostNav({ prev, next }: { prev: PostLink | null; next: PostLink | null }) {
  if (!prev && !next) return null
  return (
    <nav className="post-nav" aria-label="Post navigation">
      {prev && (
        <Link href={paths.post(prev.slug)} className="post-nav-link post-nav-newer" rel="prev">
          <span className="post-nav-label">
            <span aria-hidden="true">← </span>Newer:
          </span>{' '}
          <span className="post-nav-title">{prev.title}</span>
        </Link>
      )}
      {next && (
        <Link href={paths.post(next.slug)} className="post-nav-link post-nav-older" rel="next">
          <span className="post-nav-label">Older:</span> <span className="post-nav-title">{next.title}</span>
          <span aria-hidden="true"> →</span>
        </Link>
      )}
    </nav>
  )
}
