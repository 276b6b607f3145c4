// Posts room: list, read and write blog posts; the public site and the API share these.
import { desc } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { posts, postTags } from '#db/schema'
import { LIMITS } from '#src/contract/limits'
import type { Post, PostData, PostsQuery, PostSummary, PostWithNeighbours } from '#src/contract/post'
import { fullRows, listRows, rowBySlug, type ReadKind } from '#src/lib/content-read'
import { contentWrites, type ContentKind, type Prepared } from '#src/lib/content-write'
import { notFound } from '#src/lib/http-error'
import { readingMinutes } from '#src/lib/markdown'
import { publicAt, publicationOf } from '#src/lib/publication'
import { tocHeadings } from './toc'

type Row = typeof posts.$inferSelect

const summaryColumns = {
  slug: posts.slug,
  title: posts.title,
  summary: posts.summary,
  tags: posts.tags,
  readingMinutes: posts.readingMinutes,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
  status: posts.status,
  publishAt: posts.publishAt,
}

/** `now` (ISO): the moment the item's publication is told for. */
const toPost = (row: Row, now: string): Post => ({
  title: row.title,
  slug: row.slug,
  summary: row.summary,
  tags: row.tags,
  bodyMD: row.bodyMd,
  bodyHtml: row.bodyHtml,
  readingMinutes: row.readingMinutes,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  ...publicationOf(row, now),
  toc: row.toc,
  headings: row.toc ? tocHeadings(row.bodyHtml) : [],
})

const READS: ReadKind = {
  table: posts,
  tags: { table: postTags, owner: postTags.postId, key: postTags.tagKey },
  fts: 'posts_fts',
  order: [posts.createdAt, posts.id],
}

/**
 * Newest first, without bodies. A search of 3 characters or more is full-text (titles,
 * summaries, tags and bodies) and gives each item its snippet; `order: 'relevance'` ranks them.
 */
export function listPosts(db: Db, now: string, query: Partial<PostsQuery> = {}): PostSummary[] {
  const { rows, hits } = listRows(db, READS, now, query, summaryColumns, query.limit ?? LIMITS.postsListDefault)
  return rows.map(({ id, status, publishAt, ...item }) => ({
    ...item,
    ...publicationOf({ status, publishAt }, now),
    ...(hits ? { snippet: hits.get(id)!.snippet } : {}),
  }))
}

/**
 * Newest first, with bodies: the newest `limit` (of one tag), public at `publicAt` (the feeds, the
 * static export), or every post whatever its status when `publicAt` is absent (the admin).
 */
export function listFullPosts(db: Db, now: string, query: { tag?: string; limit?: number; publicOnly?: boolean } = {}): Post[] {
  return fullRows<Row>(db, READS, now, query).map((row) => toPost(row, now))
}

/**
 * A public post with its neighbours among the newest 100 public ones (createdAt descending): prev
 * is newer, next older. `anyStatus` finds a draft too (a preview link), its neighbours still public.
 */
export function getPost(db: Db, slug: string, now: string, { anyStatus = false } = {}): PostWithNeighbours {
  const row = rowBySlug<Row>(db, READS, slug, now, anyStatus)
  if (!row) throw notFound('Post not found.')
  const window = db
    .select({ slug: posts.slug, title: posts.title })
    .from(posts)
    .where(publicAt(posts, now))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(LIMITS.prevNextSource)
    .all()
  const index = window.findIndex((p) => p.slug === slug)
  return {
    ...toPost(row, now),
    prev: index > 0 ? window[index - 1]! : null,
    next: index >= 0 && index < window.length - 1 ? window[index + 1]! : null,
  }
}

/**
 * Posts' writes are the shared content writes (src/lib/content-write.ts). Where a post differs
 * from a project: it has a reading time and a table-of-contents flag instead of a role, media,
 * metrics and a display order; its author may date it (`createdAt`); and one created with a
 * publish time already past has not been edited since then either. No reorder: posts are by date.
 */
const POSTS: ContentKind<PostData, Row, Post> = {
  noun: 'Post',
  table: posts,
  tags: { table: postTags, owner: 'postId' },
  ownColumns: (_tx, data, stored) => ({
    readingMinutes: data.readingMinutes ?? readingMinutes(data.bodyMD),
    toc: data.toc ?? stored?.toc ?? false,
  }),
  givenDate: (data, dates) => dates.createdAt ?? data.createdAt,
  undatedEarlierIsUnedited: true,
  toItem: toPost,
}

export type PreparedPost = Prepared<PostData>
export const {
  prepare: preparePost,
  insert: insertPost,
  writeUpdate: writePostUpdate,
  create: createPost,
  update: updatePost,
  remove: deletePost,
} = contentWrites(POSTS)
