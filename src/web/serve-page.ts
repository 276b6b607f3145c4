// A public page request: from the render cache when it holds the page (304 on a matching ETag,
// the best precompressed encoding otherwise), else rendered, streamed to the visitor and, when the
// page shows only admin-edited content, kept for the next visitors.
import { findRoute } from '../../client/site/match-route'
import { PUBLIC_CACHE } from '../plugins/cache-policy'
import { acceptsEncoding, chooseEncoding } from './encoding'
import { brotliBest, etagOf, gzipBest, type CachedPage, type ContentTag, type RenderCache } from './render-cache'
import type { RenderedPage } from './render-page'

export type PagePlan = { key: string; url: URL }

/** The cache key of a request, and the URL to render for it; null when the page is never cached. */
export function planPage(url: URL): PagePlan | null {
  const match = findRoute(url.pathname)
  if (!match || match.route.cache === false) return null
  const wanted = match.route.cache?.query ?? []
  const kept = new URLSearchParams()
  for (const name of [...wanted].sort()) {
    const value = url.searchParams.get(name)?.trim()
    if (value) kept.set(name, value)
  }
  const search = kept.size ? `?${kept}` : ''
  const normal = new URL(url.pathname + search, url.origin)
  return { key: url.pathname + search, url: normal }
}

const KEY_TAGS: Record<string, ContentTag> = { projects: 'projects', project: 'projects', posts: 'posts', post: 'posts', skills: 'skills' }

/** The content a page shows, from its queries; null when it shows anything else (not cacheable). */
export function tagsOf(queryKeys: RenderedPage['queryKeys']): ContentTag[] | null {
  const tags = new Set<ContentTag>()
  for (const key of queryKeys) {
    const tag = KEY_TAGS[String(key[0])]
    if (!tag) return null
    tags.add(tag)
  }
  return [...tags]
}

export function cachedResponse(page: CachedPage, request: Request): Response {
  const ifNoneMatch = request.headers.get('if-none-match')
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === page.etag)) return new Response(null, { status: 304, headers: page.responseHeaders.identity })
  const { body, encoding } = chooseEncoding(page.encoded, request.headers.get('accept-encoding'))
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
 * its first byte, and the whole bytes spare a tee and a compression stream. The visitor gets them
 * gzipped fast (level 1); the stored copy is compressed at best (gzip 9, then brotli 11).
 */
export async function serveCachedPage(cache: RenderCache, plan: PagePlan, request: Request, render: (url: URL) => Promise<RenderedPage>): Promise<Response> {
  const hit = cache.get(plan.key)
  if (hit) return cachedResponse(hit, request)
  const waiting = cache.pending(plan.key)
  if (waiting) {
    const page = await waiting
    if (page) return cachedResponse(page, request)
  }
  const stamp = cache.stamp()
  const done = Promise.withResolvers<CachedPage | null>()
  cache.setPending(plan.key, done.promise)
  try {
    const { response, queryKeys } = await render(plan.url)
    const tags = tagsOf(queryKeys)
    const headers = Object.fromEntries(response.headers)
    headers['cache-control'] = PUBLIC_CACHE
    if (response.status !== 200 || !tags || !response.body) {
      done.resolve(null)
      return new Response(response.body, { status: response.status, headers: { ...headers, 'x-cache': 'BYPASS' } })
    }
    const body = await Bun.readableStreamToBytes(response.body)
    void keep(body, headers, tags).then(
      (page) => {
        const stored = cache.store(plan.key, page, stamp)
        done.resolve(stored ? page : null)
        if (stored) void brotliBest(page.encoded.body).then((br) => cache.addBrotli(plan.key, page, br), () => undefined)
      },
      () => done.resolve(null),
    )
    const missHeaders = { ...headers, 'x-cache': 'MISS', vary: 'Accept-Encoding' }
    if (acceptsEncoding(request.headers.get('accept-encoding'), 'gzip')) {
      return new Response(Bun.gzipSync(body, { level: 1 }), { status: 200, headers: { ...missHeaders, 'content-encoding': 'gzip' } })
    }
    return new Response(body, { status: 200, headers: missHeaders })
  } catch (error) {
    done.resolve(null)
    throw error
  }
}

async function keep(body: Uint8Array<ArrayBuffer>, headers: Record<string, string>, tags: ContentTag[]): Promise<CachedPage> {
  const encoded = { body, gzip: await gzipBest(body) }
  const bytes = body.length + encoded.gzip.length
  const etag = etagOf(body)
  return { status: 200, etag, responseHeaders: responseHeaders(headers, etag), encoded, tags, bytes }
}
