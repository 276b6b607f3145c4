// The two feed formats from one description: Atom 1.0 (RFC 4287) and JSON Feed 1.1.
import * as paths from '#src/contract/paths'
import { absoluteUrl, type SiteOrigin } from '#src/contract/site-origin'
import { VERSION } from '#src/features/health'
import type { FeedPost } from './feed-posts'
import { xmlText } from './xml'

export type Feed = {
  title: string
  description: string
  /** SITE_URL's origin: post links and the author's home page are absolute on it. */
  origin: SiteOrigin
  /** The page the feed mirrors (/blog, or the tag's list), absolute. */
  pageUrl: string
  /** This feed's own URL and its other format's, absolute. */
  atomUrl: string
  jsonUrl: string
  author: string
  posts: FeedPost[]
}

const postUrl = (feed: Feed, slug: string) => absoluteUrl(feed.origin, paths.post(slug))
const homeUrl = (feed: Feed) => absoluteUrl(feed.origin, paths.home)
/** The newest change of any post; a feed without posts is as old as the epoch, not "now" (stable bytes). */
const updatedOf = (feed: Feed) => feed.posts.reduce((max, p) => (p.updated > max ? p.updated : max), new Date(0).toISOString())

export function atomFeed(feed: Feed): string {
  const entries = feed.posts.map(
    (p) =>
      '<entry>' +
      `<title type="text">${xmlText(p.title)}</title>` +
      `<link rel="alternate" type="text/html" href="${xmlText(postUrl(feed, p.slug))}"/>` +
      `<id>${xmlText(postUrl(feed, p.slug))}</id>` +
      `<published>${p.published}</published>` +
      `<updated>${p.updated}</updated>` +
      `<summary type="text">${xmlText(p.summary)}</summary>` +
      `<content type="html">${xmlText(p.html)}</content>` +
      p.tags.map((t) => `<category term="${xmlText(t)}"/>`).join('') +
      '</entry>',
  )
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">' +
    `<title type="text">${xmlText(feed.title)}</title>` +
    `<subtitle type="text">${xmlText(feed.description)}</subtitle>` +
    `<link rel="self" type="application/atom+xml" href="${xmlText(feed.atomUrl)}"/>` +
    `<link rel="alternate" type="text/html" href="${xmlText(feed.pageUrl)}"/>` +
    `<link rel="alternate" type="application/feed+json" href="${xmlText(feed.jsonUrl)}"/>` +
    `<id>${xmlText(feed.atomUrl)}</id>` +
    `<updated>${updatedOf(feed)}</updated>` +
    `<author><name>${xmlText(feed.author)}</name><uri>${xmlText(homeUrl(feed))}</uri></author>` +
    `<generator version="${xmlText(VERSION)}">folio</generator>` +
    entries.join('') +
    '</feed>\n'
  )
}

export function jsonFeed(feed: Feed): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    description: feed.description,
    home_page_url: feed.pageUrl,
    feed_url: feed.jsonUrl,
    language: 'en',
    authors: [{ name: feed.author, url: homeUrl(feed) }],
    items: feed.posts.map((p) => ({
      id: postUrl(feed, p.slug),
      url: postUrl(feed, p.slug),
      title: p.title,
      summary: p.summary,
      content_html: p.html,
      date_published: p.published,
      date_modified: p.updated,
      tags: p.tags,
    })),
  })
}
