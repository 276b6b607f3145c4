// Renders one public page: match the shared route table, prefetch through the services,
// stream React inside our document. The browser gets no page-wide state: only the page script's
// boot block, and each island's own props inside its marker (decision 066).
import { QueryClient } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToReadableStream, renderToString } from 'react-dom/server'
import { App } from '#client/site/app'
import { findRoute } from '#client/site/match-route'
import { isDemoPath } from '#client/lib/demo-path'
import type { Head } from '#client/site/route-types'
import { notFoundHead } from '#client/site/routes'
import type { SiteData } from '#client/lib/site-data'
import type { PageBoot, SiteConfig } from '../contract/site'
import { absoluteUrl, type SiteOrigin } from '../contract/site-origin'
import { HttpError } from '../lib/http-error'
import type { Logger } from '../lib/logger'
import { loggedPath } from '../plugins/request-log'
import { documentEnd, documentHead, documentStart, type DocumentAssets } from './document'
import { shareHead } from './share-meta'

/**
 * `preview`: a draft's private page: the notice above it, never indexed, no script (its islands
 * would call an API that knows only public content, and the page is for reading).
 * `whole`: the page is wanted as one piece (the render cache reads it whole before answering), so
 * it is rendered with renderToString, not streamed (decision 057).
 */
export type RenderInput = { url: URL; site: SiteConfig; origin: SiteOrigin; data: SiteData; assets: DocumentAssets; log: Logger; preview?: { banner: string }; whole?: boolean }
/** The streamed page, and what each of its queries shows (the render cache's tags). */
export type RenderedPage = { response: Response; shows: readonly QueryShows[] }
/** What one query of the page declared it shows (client/lib/site-data.ts); undefined when nothing. */
export type QueryShows = unknown

const isNotFound = (e: unknown) => e instanceof HttpError && e.status === 404

export async function renderPage({ url, site, origin, data, assets, log, preview, whole = false }: RenderInput): Promise<RenderedPage> {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  // With the demo off (settings demoEnabled), its page is missing like any other.
  const found = findRoute(url.pathname)
  const match = found && (site.demoEnabled || !isDemoPath(found.route.path)) ? found : null
  let status = match ? 200 : 404
  let head: Head
  if (match) {
    const ctx = { params: match.params, search: url.searchParams, qc, data, site }
    try {
      await match.route.load?.()
      await match.route.prefetch?.(ctx)
      // prefetchQuery keeps failures in the cache instead of throwing: surface them here, so a
      // fault is a 500 page and never a 200 whose data the client would not get.
      const failed = qc.getQueryCache().getAll().find((q) => q.state.status === 'error')
      if (failed) throw failed.state.error
    } catch (error) {
      if (!isNotFound(error)) throw error
      status = 404
    }
    head = status === 404 ? notFoundHead(site) : match.route.head(ctx)
    if (preview) head = { ...head, noindex: true }
  } else {
    head = notFoundHead(site)
  }

  // Every 404 tells the client so (an unknown slug matches a route, yet is the 404 page); a
  // static export's 404.html relies on it, being served for whatever path is missing.
  const notFoundPath = status === 404 ? url.pathname : undefined
  const ssr = { path: url.pathname, search: url.search.replace(/^\?/, '') }
  const app = createElement(App, { qc, site, data, ssr, notFoundPath })
  const onError = (error: unknown) => log.error('render failed', { path: loggedPath(url.href), error: String(error instanceof Error ? error.stack : error) })
  const html = whole ? renderWhole(app, onError) : null
  const body = html === null ? await renderToReadableStream(app, { onError }) : null

  const encoder = new TextEncoder()
  // A 404 names no canonical address: there is none, and one page serves every missing path.
  const canonical = status === 404 ? '' : absoluteUrl(origin, url.pathname + url.search)
  const share = shareHead({ route: status === 200 && match ? match.route.path : null, params: match?.params ?? {}, qc, data, site, origin, canonical, head })
  const boot: PageBoot = { apiBase: site.apiBase, pageViews: site.pageViews, ...(site.staticSite ? { staticSite: true } : {}) }
  const hydrate = !preview
  const start = documentStart(assets, { hydrate, look: { theme: site.defaultTheme, style: site.accentStyle } }) + documentHead(head, canonical, share, preview && status === 200 ? preview.banner : '')
  const shows = qc.getQueryCache().getAll().map((q) => q.meta?.shows)
  const headers = { 'content-type': 'text/html; charset=utf-8' }
  if (html !== null) return { response: new Response(start + html + documentEnd(boot, assets, { hydrate }), { status, headers }), shows }
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(start))
      const reader = body!.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        controller.enqueue(value)
      }
      controller.enqueue(encoder.encode(documentEnd(boot, assets, { hydrate })))
      controller.close()
    },
  })
  return { response: new Response(stream, { status, headers }), shows }
}

/**
 * The app rendered in one piece: the page's data is loaded before rendering and nothing suspends,
 * so the streaming renderer's chunks would only be joined again, at some 40% more CPU (decision 057).
 * A render error is logged as the stream's would be, then thrown (a 500 page).
 */
function renderWhole(app: ReturnType<typeof createElement>, onError: (error: unknown) => void): string {
  try {
    return renderToString(app)
  } catch (error) {
    onError(error)
    throw error
  }
}
