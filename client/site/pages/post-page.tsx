// /blog/{slug}: 'N min read', date, tags, title, summary, the server-rendered body, newer/older links.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import { ApiError, errorText } from '#client/lib/api'
import { formatDate } from '#client/lib/format-date'
import { useSiteData } from '#client/lib/site-context'
import { postQuery } from '#client/lib/site-data'
import { useDelayedFlag } from '#client/lib/use-delayed-flag'
import { PostNav } from '../components/post-nav'
import { TableOfContents } from '../components/table-of-contents'
import { TagList } from '../components/tag-list'
import type { PageProps } from '../route-types'
import { NotFoundPage } from './not-found-page'

/** Edited on a later day than it was published (the same day's fixes are not news). */
const editedLater = (post: { createdAt: string; updatedAt: string }) => post.updatedAt.slice(0, 10) > post.createdAt.slice(0, 10)

export function PostPage({ params }: PageProps) {
  const slug = params.slug ?? ''
  const query = useQuery(postQuery(useSiteData(), slug))
  const loading = useDelayedFlag(query.isPending, 150)

  if (query.isPending) {
    return (
      <div className="page post" aria-busy="true">
        <p role="status">{loading ? 'Loading…' : ''}</p>
      </div>
    )
  }
  if (query.isError) {
    // The server answers an unknown slug with the 404 page; a client navigation does the same.
    if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />
    return (
      <div className="page post">
        <h1>Blog post</h1>
        <p role="alert" className="error">
          Failed to load post: {errorText(query.error)}
        </p>
        <p>
          <Link href={paths.blog()}>Back to the blog</Link>
        </p>
      </div>
    )
  }

  const post = query.data
  return (
    <article className="page post">
      <header className="post-header">
        <p className="post-meta">
          <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
          <span aria-hidden="true"> · </span>
          <span className="reading-time">{post.readingMinutes} min read</span>
          {editedLater(post) && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="post-updated">
                Updated <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
              </span>
            </>
          )}
        </p>
        <h1>{post.title}</h1>
        {post.summary && <p className="lede">{post.summary}</p>}
        <TagList tags={post.tags} hrefFor={(t) => paths.blog({ tag: t })} />
      </header>
      {post.toc && <TableOfContents headings={post.headings} />}
      {/* Sanitised and highlighted on the server when the post was saved (src/lib/markdown/). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
      <PostNav prev={post.prev} next={post.next} />
    </article>
  )
}
