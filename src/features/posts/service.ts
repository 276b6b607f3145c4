// Posts room: list, read and write blog posts; the public site and the API share these.
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { posts, postTags } from '#db/schema'
import { LIMITS } from '#src/contract/limits'
import type { Post, PostData, PostsQuery, PostSummary, PostWithNeighbours } from '#src/contract/post'
import type { Clock } from '#src/lib/clock'
import { contentSlug } from '#src/lib/content-slug'
import { foundIn, ftsHits, ftsPhrase, withSearchText, type Hit } from '#src/lib/full-text'
import { conflict, notFound } from '#src/lib/http-error'
import { readingMinutes, renderMarkdown } from '#src/lib/markdown'
import { dateAfterWrite, nextPublication, publicAt, publicationOf, updatedAfterWrite, type WriteDates } from '#src/lib/publication'
import { containsPattern, likeContains, tagKey } from '#src/lib/sql-helpers'
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

/** `now`: only what is public at that moment (ISO); null: every post (the admin's view). */
function filters(query: Pick<PostsQuery, 'search' | 'tag'>, hits: Map<number, Hit> | null, now: string | null): SQL | undefined {
  const conditions: SQL[] = now === null ? [] : [publicAt(posts, now)]
  if (query.tag) {
    conditions.push(sql`EXISTS (SELECT 1 FROM ${postTags} WHERE ${postTags.postId} = ${posts.id} AND ${postTags.tagKey} = ${tagKey(query.tag)})`)
  }
  if (hits) {
    conditions.push(foundIn(posts.id, hits))
  } else if (query.search) {
    // Shorter than a trigram: titles, summaries and tags by substring, as before full-text search.
    const p = containsPattern(query.search)
    conditions.push(
      or(
        likeContains(posts.title, p),
        likeContains(posts.summary, p),
        sql`EXISTS (SELECT 1 FROM ${postTags} WHERE ${postTags.postId} = ${posts.id} AND ${postTags.tagKey} LIKE ${p} ESCAPE '\\')`,
      )!,
    )
  }
  return conditions.length ? and(...conditions) : undefined
}

/**
 * Newest first, without bodies. A search of 3 characters or more is full-text (titles,
 * summaries, tags and bodies) and gives each item its snippet; `order: 'relevance'` ranks them.
 */
export function listPosts(db: Db, now: string, asked: Partial<PostsQuery> = {}): PostSummary[] {
  const query = withSearchText(asked)
  const phrase = query.search ? ftsPhrase(query.search) : null
  const hits = phrase ? ftsHits(db, 'posts_fts', phrase) : null
  const limit = query.limit ?? LIMITS.postsListDefault
  const ranked = hits !== null && query.order === 'relevance'
  const rows = db
    .select({ id: posts.id, ...summaryColumns })
    .from(posts)
    .where(filters(query, hits, now))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(ranked ? -1 : limit)
    .all()
  // Array.prototype.sort is stable: equal ranks stay newest first.
  if (ranked) rows.sort((a, b) => hits.get(a.id)!.rank - hits.get(b.id)!.rank)
  return rows.slice(0, limit).map(({ id, status, publishAt, ...item }) => ({
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
  return db
    .select()
    .from(posts)
    .where(filters(query, null, query.publicOnly ? now : null))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit ?? -1)
    .all()
    .map((row) => toPost(row, now))
}

/**
 * A public post with its neighbours among the newest 100 public ones (createdAt descending): prev
 * is newer, next older. `anyStatus` finds a draft too (a preview link), its neighbours still public.
 */
export function getPost(db: Db, slug: string, now: string, { anyStatus = false } = {}): PostWithNeighbours {
  const row = db
    .select()
    .from(posts)
    .where(anyStatus ? eq(posts.slug, slug) : and(eq(posts.slug, slug), publicAt(posts, now)))
    .get()
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

function ensureSlugFree(db: Db, slug: string, exceptId?: number) {
  const row = db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug)).get()
  if (row && row.id !== exceptId) throw conflict(`The slug "${slug}" is already taken.`)
}

function writeTags(db: Db, postId: number, tags: string[]) {
  db.delete(postTags).where(eq(postTags.postId, postId)).run()
  const keys = [...new Set(tags.map(tagKey))]
  if (keys.length) db.insert(postTags).values(keys.map((k) => ({ postId, tagKey: k }))).run()
}

/** A write's slow half, done before its transaction opens: the slug worked out and the body rendered. */
export type PreparedPost = { data: PostData; slug: string; bodyHtml: string }

/** `render` is for the seed, which brings the sample content's HTML rendered at build time. */
export async function preparePost(data: PostData, render: (markdown: string) => Promise<string> = renderMarkdown): Promise<PreparedPost> {
  return { data, slug: contentSlug(data), bodyHtml: await render(data.bodyMD) }
}

const columns = ({ data, slug, bodyHtml }: PreparedPost) => ({
  slug,
  title: data.title,
  summary: data.summary,
  tags: data.tags,
  bodyMd: data.bodyMD,
  bodyHtml,
  readingMinutes: data.readingMinutes ?? readingMinutes(data.bodyMD),
})

/**
 * createPost's synchronous half, for a caller that already holds a transaction (the seed, the
 * content import). `dates`: what an import restores; absent, the post dates itself.
 */
export function insertPost(db: Db, prepared: PreparedPost, clock: Clock, dates: WriteDates = {}): Post {
  const { data, slug } = prepared
  const now = clock.now().toISOString()
  return db.transaction((tx) => {
    ensureSlugFree(tx, slug)
    const publication = nextPublication(data, null)
    const createdAt = dateAfterWrite(dates.createdAt ?? data.createdAt, null, publication, now)
    // A post created with an earlier date (the seed, an import) has not been edited since then.
    const updatedAt = updatedAfterWrite(dates, createdAt < now ? createdAt : now)
    const row = tx
      .insert(posts)
      .values({ ...columns(prepared), ...publication, toc: data.toc ?? false, createdAt, updatedAt })
      .returning()
      .get()
    writeTags(tx, row.id, data.tags)
    return toPost(row, now)
  }, { behavior: 'immediate' })
}

export async function createPost(db: Db, data: PostData, clock: Clock): Promise<Post> {
  return insertPost(db, await preparePost(data), clock)
}

export async function updatePost(db: Db, currentSlug: string, data: PostData, clock: Clock): Promise<Post> {
  return writePostUpdate(db, currentSlug, await preparePost(data), clock)
}

/** updatePost's synchronous half, for a caller that holds a transaction (the content import). */
export function writePostUpdate(db: Db, currentSlug: string, prepared: PreparedPost, clock: Clock, dates: WriteDates = {}): Post {
  const { data } = prepared
  return db.transaction((tx) => {
    const existing = tx.select().from(posts).where(eq(posts.slug, currentSlug)).get()
    if (!existing) throw notFound('Post not found.')
    ensureSlugFree(tx, prepared.slug, existing.id)
    const now = clock.now().toISOString()
    const publication = nextPublication(data, existing)
    const createdAt = dateAfterWrite(dates.createdAt ?? data.createdAt, existing, publication, now)
    const row = tx
      .update(posts)
      .set({ ...columns(prepared), ...publication, toc: data.toc ?? existing.toc, createdAt, updatedAt: updatedAfterWrite(dates, now) })
      .where(eq(posts.id, existing.id))
      .returning()
      .get()
    writeTags(tx, row.id, data.tags)
    return toPost(row, now)
  }, { behavior: 'immediate' })
}

export function deletePost(db: Db, slug: string) {
  const deleted = db.delete(posts).where(eq(posts.slug, slug)).returning({ id: posts.id }).get()
  if (!deleted) throw notFound('Post not found.')
}
