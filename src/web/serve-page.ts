// A public page request: from the render cache when it holds the page (304 on a matching ETag,
// the best precompressed encoding otherwise), else rendered, streamed to the visitor and, when the
// page shows only admin-edited content, kept for the next visitors.
import { NAV_LINKS } from '#client/site/layout/nav-links'
import { declaredQuery, findRoute } from '#client/site/match-route'
import { PUBLIC_CACHE } from '../plugins/cache-policy'
import { acceptsEncoding, chooseEncoding } from './encoding'
import type { ContentTag } from '../contract/content-tags'
import { etagOf, isVariant, type CachedPage, type RenderCache } from './cache/render-cache'
import { tagsOf } from './cache/page-tags'
import { pageQueryProblem } from './page-query'
import type { RenderedPage } from './render-page'
import { holdBack } from '../lib/hold-back'

/** `problem`: a filter the page refuses, as the API would (a search past 200 characters), for the visitor. */
export type PagePlan = { key: string; url: URL; problem: string | null }

/**
 * The cache key of a request, and the URL to render for it; null when the page is never cached.
 * A path no route matches is the one not-found page of its header section (notFoundPlan).
 */
export function planPage(url: URL): PagePlan | null {
  const match = findRoute(url.pathname)
  if (!match) return notFoundPlan(url)
  if (match.route.cache === false) return null
  const search = declaredQuery(match.route, url.searchParams)
  const normal = new URL(url.pathname + search, url.origin)
  return { key: url.pathname + search, url: normal, problem: pageQueryProblem(match.route.path, search) }
}

/**
 * Every path no route matches gets the same page, so it is rendered once and kept, not once per
 * path: a scanner's unique 404s cost what a cached page costs. The page differs only by the header
 * link it marks current (the section the path is under), so there is one per section, rendered
 * for a path in that section that no route matches. The browser takes the 404 from the page's
 * state and its own address (client/site/entry.tsx).
 */
export function notFoundPlan(url: URL): PagePlan {
  const section = NAV_LINKS.find((l) => l.href !== '/' && url.pathname.startsWith(`${l.href}/`))?.href ?? ''
  return { key: `${NOT_FOUND_KEY}${section}`, url: new URL(`${section}/-/-`, url.origin), problem: null }
}
const NOT_FOUND_KEY = '404 '
const isNotFoundKey = (key: string) => key.startsWith(NOT_FOUND_KEY)

/** The stored page for `request` (under `key`): 304 on a matching ETag, else its best encoding the client takes. */
export function cachedResponse(cache: RenderCache, key: string, page: CachedPage, request: Request): Response {
  const ifNoneMatch = request.headers.get('if-none-match')
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)) return new Response(null, { status: 304, headers: page.responseHeaders.identity })
  const acceptEncoding = request.headers.get('accept-encoding')
  // A variant stored for a client that took no gzip gets its gzip when a visitor first asks.
  if (!page.encoded.gzip && acceptsEncoding(acceptEncoding, 'gzip')) cache.addEncoding(key, page, 'gzip', Bun.gzipSync(page.encoded.body, { level: FAST_GZIP_LEVEL }))
  const { body, encoding } = chooseEncoding(page.encoded, acceptEncoding)
  return new Response(body, { status: page.status, headers: page.responseHeaders[encoding ?? 'identity'] })
}

/** The three header sets a cached page is sent with, built once when it is stored. */
function responseHeaders(headers: Record<string, string>, etag: string): CachedPage['responseHeaders'] {
  const identity = { ...headers, etag, vary: 'Accept-Encoding', 'x-cache': 'HIT' }
  return { identity, br: { ...identity, 'content-encoding': 'br' }, gzip: { ...identity, 'content-encoding': 'gzip' } }
}

/**
 * Serves a cacheable page. A miss renders once (concurrent misses wait for it), answers the
 * visitor and stores it, unless content it shows changed while it rendered.
 *
 * NOTE: a cacheable page is read whole before it is sent, not streamed: its data loaded before
 * rendering and it has no Suspense boundary pending, so the stream ends within a millisecond of
 * its first byte, and the whole bytes spare a tee and a compression stream. One fast gzip serves
 * the visitor and the stored copy; brotli at its best comes later, off the request's path
 * (cache/best-compression.ts). A query variant asked for by a client that takes no gzip is kept without
 * one until a visitor asks (a flood of unique searches is mostly never asked for again). Past the cache's limit of variant renders at once, a render is a
 * 429 with Retry-After, so a flood of unique searches cannot queue unbounded work.
 */
export async function serveCachedPage(cache: RenderCache, plan: PagePlan, request: Request, render: (url: URL) => Promise<RenderedPage>): Promise<Response> {
  const hit = cache.get(plan.key)
  if (hit) return cachedResponse(cache, plan.key, hit, request)
  const waiting = cache.pending(plan.key)
  if (waiting) {
    const page = await waiting
    if (page) return cachedResponse(cache, plan.key, page, request)
  }
  const stamp = cache.stamp()
  const done = Promise.withResolvers<CachedPage | null>()
  if (!cache.setPending(plan.key, done.promise)) return held(busy())
  try {
    // NOTE: a variant waits one turn of the event loop before rendering: the requests that came in
    // meanwhile (a visitor's cached page, a cheap 503) are answered first, and the render limit
    // counts renders queued in that turn, not only the one running.
    if (isVariant(plan.key)) await new Promise((resolve) => setImmediate(resolve))
    const { response, shows } = await render(plan.url)
    const tags = tagsOf(shows)
    const headers = Object.fromEntries(response.headers)
    headers['cache-control'] = PUBLIC_CACHE
    // What the page shows, for a cache in front to drop it by (docs/deploy/varnish.vcl bans on it).
    if (tags) headers['x-folio-tags'] = tags.join(' ')
    const storable = response.status === (isNotFoundKey(plan.key) ? 404 : 200)
    if (!storable || !tags || !response.body) {
      done.resolve(null)
      return new Response(response.body, { status: response.status, headers: { ...headers, 'x-cache': 'BYPASS' } })
    }
    const wantsGzip = acceptsEncoding(request.headers.get('accept-encoding'), 'gzip')
    // A plain page is gzipped at once (its visitors are many); a variant only for a client that takes gzip.
    const page = keep(await response.bytes(), headers, tags, response.status, wantsGzip || !isVariant(plan.key))
    done.resolve(cache.store(plan.key, page, stamp) ? page : null)
    const missHeaders = { ...headers, 'x-cache': 'MISS', vary: 'Accept-Encoding' }
    if (page.encoded.gzip && wantsGzip) {
      return new Response(page.encoded.gzip, { status: page.status, headers: { ...missHeaders, 'content-encoding': 'gzip' } })
    }
    return new Response(page.encoded.body, { status: page.status, headers: missHeaders })
  } catch (error) {
    done.resolve(null)
    throw error
  }
}

/** Level 6: some 0.15 ms for a 16 KB page; level 9 took twice that and came out no smaller on our pages. */
export const FAST_GZIP_LEVEL = 6

/** `response` after the refusal's wait (src/lib/hold-back.ts). */
export const held = async (response: Response) => (await holdBack(), response)

/** 429, not 503: the server is well, the request is one of too many at once (contract: 429 with Retry-After). */
export const busy = () => new Response('Too many pages asked for at once: please try again in a moment.', { status: 429, headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1', 'cache-control': 'no-store' } })

function keep(body: Uint8Array<ArrayBuffer>, headers: Record<string, string>, tags: ContentTag[], status: number, gzip: boolean): CachedPage {
  const encoded = gzip ? { body, gzip: Bun.gzipSync(body, { level: FAST_GZIP_LEVEL }) } : { body }
  const bytes = body.length + (encoded.gzip?.length ?? 0)
  const etag = etagOf(body)
  return { status, etag, responseHeaders: responseHeaders(headers, etag), encoded, tags, bytes }
}
