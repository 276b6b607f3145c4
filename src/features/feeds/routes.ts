// Feeds room: /feed.xml (Atom) and /feed.json (JSON Feed) of the newest posts, and the same per
// tag under /blog/tag/{tag}/. Public, CDN-cacheable, rebuilt per request (20 rows and a string).
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import * as paths from '#src/contract/paths'
import { absoluteUrl } from '#src/contract/site-origin'
import { notFound } from '#src/lib/http-error'
import { PUBLIC_CACHE } from '#src/plugins/cache-policy'
import { routePolicies } from '#src/plugins/route-policies'
import { tagKey } from '#src/lib/sql-helpers'
import type { AnalyticsCollector } from '#src/features/analytics'
import { settingsStore } from '#src/features/settings'
import { feedPosts } from './feed-posts'
import { atomFeed, jsonFeed, type Feed } from './formats'

export const FEED_TYPES = { atom: 'application/atom+xml; charset=utf-8', json: 'application/feed+json; charset=utf-8' } as const

export const feedRoutes = ({ conn, config, clock }: AppDeps, analytics: AnalyticsCollector) => {
  const { origin } = config
  const settings = settingsStore(conn.db)
  const wholeFeeds = paths.feeds()
  const whole = (): Feed => ({
    title: settings.get().siteName,
    description: settings.get().seoDescription || settings.get().tagline,
    origin,
    pageUrl: absoluteUrl(origin, paths.blog()),
    atomUrl: absoluteUrl(origin, wholeFeeds.atom),
    jsonUrl: absoluteUrl(origin, wholeFeeds.json),
    author: settings.get().siteName,
    posts: feedPosts(conn.db, origin, clock.now().toISOString()),
  })
  const ofTag = (asked: string): Feed => {
    const site = { name: settings.get().siteName }
    const posts = feedPosts(conn.db, origin, clock.now().toISOString(), asked)
    if (!posts.length) throw notFound('No posts with this tag.')
    // The tag as the posts spell it (the URL may differ in case).
    const tag = posts[0]!.tags.find((t) => tagKey(t) === tagKey(asked)) ?? asked
    const feeds = paths.feeds(tag)
    return {
      title: `${site.name}: posts tagged ${tag}`,
      description: `Posts tagged ${tag} on ${site.name}.`,
      origin,
      pageUrl: absoluteUrl(origin, paths.blog({ tag })),
      atomUrl: absoluteUrl(origin, feeds.atom),
      jsonUrl: absoluteUrl(origin, feeds.json),
      author: settings.get().siteName,
      posts,
    }
  }
  // Counted once built: a tag with no posts is a 404, not a feed fetch.
  const send = (request: Request, body: string, type: string) => {
    analytics.feedFetch(new URL(request.url).pathname)
    return new Response(body, { headers: { 'content-type': type, 'cache-control': PUBLIC_CACHE } })
  }
  return new Elysia().use(routePolicies)
    .get('/feed.xml', ({ request }) => send(request, atomFeed(whole()), FEED_TYPES.atom), { shows: ['posts', 'site'] })
    .get('/feed.json', ({ request }) => send(request, jsonFeed(whole()), FEED_TYPES.json), { shows: ['posts', 'site'] })
    .get('/blog/tag/:tag/feed.xml', ({ params, request }) => send(request, atomFeed(ofTag(params.tag)), FEED_TYPES.atom), { shows: ['posts', 'site'] })
    .get('/blog/tag/:tag/feed.json', ({ params, request }) => send(request, jsonFeed(ofTag(params.tag)), FEED_TYPES.json), { shows: ['posts', 'site'] })
}
