// The posts a feed carries: the newest 20 (of one tag, or all), bodies with absolute URLs, since
// a feed reader shows them away from the site.
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/connection'
import { posts, postTags } from '../../../db/schema'
import { tagKey } from '../../lib/sql-helpers'

export const FEED_SIZE = 20

export type FeedPost = { slug: string; title: string; summary: string; tags: string[]; html: string; published: string; updated: string }

/** `href="/…"` and `src="/…"` made absolute (the sanitiser writes attributes double-quoted). */
export const absoluteUrls = (html: string, siteUrl: string) => html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl}/`)

export function feedPosts(db: Db, siteUrl: string, tag?: string): FeedPost[] {
  const byTag = tag ? sql`EXISTS (SELECT 1 FROM ${postTags} WHERE ${postTags.postId} = ${posts.id} AND ${postTags.tagKey} = ${tagKey(tag)})` : undefined
  return db
    .select()
    .from(posts)
    .where(and(byTag))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(FEED_SIZE)
    .all()
    .map((p) => ({ slug: p.slug, title: p.title, summary: p.summary, tags: p.tags, html: absoluteUrls(p.bodyHtml, siteUrl), published: p.createdAt, updated: p.updatedAt }))
}

/** The spelling of a tag as the posts write it (the URL may differ in case). */
export function tagSpelling(db: Db, tag: string): string | null {
  const key = tagKey(tag)
  for (const row of db.select({ tags: posts.tags }).from(posts).innerJoin(postTags, eq(postTags.postId, posts.id)).where(eq(postTags.tagKey, key)).limit(1).all()) {
    return row.tags.find((t) => tagKey(t) === key) ?? tag
  }
  return null
}
