// The posts a feed carries: the newest 20 (of one tag, or all), bodies with absolute URLs, since
// a feed reader shows them away from the site.
import type { Db } from '../../../db/connection'
import { listFullPosts } from '../posts/service'

export const FEED_SIZE = 20

export type FeedPost = { slug: string; title: string; summary: string; tags: string[]; html: string; published: string; updated: string }

/** `href="/…"` and `src="/…"` made absolute (the sanitiser writes attributes double-quoted). */
export const absoluteUrls = (html: string, siteUrl: string) => html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${siteUrl}/`)

export function feedPosts(db: Db, siteUrl: string, tag?: string): FeedPost[] {
  return listFullPosts(db, { tag, limit: FEED_SIZE }).map((p) => ({
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    tags: p.tags,
    html: absoluteUrls(p.bodyHtml, siteUrl),
    published: p.createdAt,
    updated: p.updatedAt,
  }))
}
