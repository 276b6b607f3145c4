// The posts a feed carries: the newest 20 (of one tag, or all), bodies with absolute URLs, since
// a feed reader shows them away from the site.
import type { Db } from '#db/connection'
import { absoluteUrl, type SiteOrigin } from '#src/contract/site-origin'
import { listFullPosts } from '#src/features/posts'

export const FEED_SIZE = 20

export type FeedPost = { slug: string; title: string; summary: string; tags: string[]; html: string; published: string; updated: string }

/** `href="/…"` and `src="/…"` made absolute (the sanitiser writes attributes double-quoted). */
export const absoluteUrls = (html: string, site: SiteOrigin) => html.replace(/\b(href|src)="\/(?!\/)/g, `$1="${absoluteUrl(site, '/')}`)

/** `now` (ISO): only posts public at that moment. */
export function feedPosts(db: Db, site: SiteOrigin, now: string, tag?: string): FeedPost[] {
  return listFullPosts(db, now, { tag, limit: FEED_SIZE, publicOnly: true }).map((p) => ({
    slug: p.slug,
    title: p.title,
    summary: p.summary,
    tags: p.tags,
    html: absoluteUrls(p.bodyHtml, site),
    published: p.createdAt,
    // A scheduled post was last saved before it went out: it is as new as its publication.
    updated: p.updatedAt > p.createdAt ? p.updatedAt : p.createdAt,
  }))
}
