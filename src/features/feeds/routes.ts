// Feeds room: /feed.xml (Atom) and /feed.json (JSON Feed) of the newest posts, and the same per
// tag under /blog/tag/{tag}/. Public, CDN-cacheable, rebuilt per request (20 rows and a string).
import { Elysia } from 'elysia'
import { blogHref, feedHrefs } from '../../../client/site/pages/blog-filters'
import type { AppDeps } from '../../app-deps'
import { notFound } from '../../lib/http-error'
import { PUBLIC_CACHE } from '../../plugins/cache-policy'
import { tagKey } from '../../lib/sql-helpers'
import { feedPosts } from './feed-posts'
import { atomFeed, jsonFeed, type Feed } from './formats'

export const FEED_TYPES = { atom: 'application/atom+xml; charset=utf-8', json: 'application/feed+json; charset=utf-8' } as const

export const feedRoutes = ({ conn, config, clock }: AppDeps) => {
  const { siteUrl } = config
  const site = config.site
  const whole = (): Feed => ({
    title: site.name,
    description: site.seoDescription,
    siteUrl,
    pageUrl: `${siteUrl}/blog`,
    atomUrl: `${siteUrl}/feed.xml`,
    jsonUrl: `${siteUrl}/feed.json`,
    author: site.name,
    posts: feedPosts(conn.db, siteUrl, clock.now().toISOString()),
  })
  const ofTag = (asked: string): Feed => {
    const posts = feedPosts(conn.db, siteUrl, clock.now().toISOString(), asked)
    if (!posts.length) throw notFound('No posts with this tag.')
    // The tag as the posts spell it (the URL may differ in case).
    const tag = posts[0]!.tags.find((t) => tagKey(t) === tagKey(asked)) ?? asked
    const paths = feedHrefs(tag)
    return {
      title: `${site.name}: posts tagged ${tag}`,
      description: `Posts tagged ${tag} on ${site.name}.`,
      siteUrl,
      pageUrl: siteUrl + blogHref({ tag }),
      atomUrl: siteUrl + paths.atom,
      jsonUrl: siteUrl + paths.json,
      author: site.name,
      posts,
    }
  }
  const send = (body: string, type: string) => new Response(body, { headers: { 'content-type': type, 'cache-control': PUBLIC_CACHE } })
  return new Elysia()
    .get('/feed.xml', () => send(atomFeed(whole()), FEED_TYPES.atom))
    .get('/feed.json', () => send(jsonFeed(whole()), FEED_TYPES.json))
    .get('/blog/tag/:tag/feed.xml', ({ params }) => send(atomFeed(ofTag(params.tag)), FEED_TYPES.atom))
    .get('/blog/tag/:tag/feed.json', ({ params }) => send(jsonFeed(ofTag(params.tag)), FEED_TYPES.json))
}
