// src/web/render-page.ts for the reference, step for step, with renderToString in place of the
// stream: the same route match, prefetch through the services, head, share tags, document shell
// and dehydrated state. Kept in step by hand: the comments name what each step mirrors.
import { dehydrate, QueryClient } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { isDemoPath } from '#client/lib/demo-path'
import type { SiteData } from '#client/lib/site-data'
import { App } from '#client/site/app'
import { findRoute } from '#client/site/match-route'
import type { Head } from '#client/site/route-types'
import { notFoundHead } from '#client/site/routes'
import type { PageState, SiteConfig } from '#src/contract/site'
import { absoluteUrl, type SiteOrigin } from '#src/contract/site-origin'
import { HttpError } from '#src/lib/http-error'
import { documentEnd, documentHead, documentStart, type DocumentAssets } from '#src/web/document'
import { shareHead } from '#src/web/share-meta'

export type RenderInput = { url: URL; site: SiteConfig; origin: SiteOrigin; data: SiteData; assets: DocumentAssets }
export type RenderedHtml = { status: 200 | 404; html: string }

const isNotFound = (e: unknown) => e instanceof HttpError && e.status === 404

export async function renderHtml({ url, site, origin, data, assets }: RenderInput): Promise<RenderedHtml> {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  const found = findRoute(url.pathname)
  const match = found && (site.demoEnabled || !isDemoPath(found.route.path)) ? found : null
  let status: 200 | 404 = match ? 200 : 404
  let head: Head
  if (match) {
    const ctx = { params: match.params, search: url.searchParams, qc, data, site }
    try {
      await match.route.load?.()
      await match.route.prefetch?.(ctx)
      // As folio: a failed prefetch is a fault (a 500), never a 200 missing its data.
      const failed = qc.getQueryCache().getAll().find((q) => q.state.status === 'error')
      if (failed) throw failed.state.error
    } catch (error) {
      if (!isNotFound(error)) throw error
      status = 404
    }
    head = status === 404 ? notFoundHead(site) : match.route.head(ctx)
  } else {
    head = notFoundHead(site)
  }

  const notFoundPath = status === 404 ? url.pathname : undefined
  const ssr = { path: url.pathname, search: url.search.replace(/^\?/, '') }
  const app = renderToString(<App qc={qc} site={site} data={data} ssr={ssr} notFoundPath={notFoundPath} />)
  const canonical = status === 404 ? '' : absoluteUrl(origin, url.pathname + url.search)
  const share = shareHead({ route: status === 200 && match ? match.route.path : null, params: match?.params ?? {}, qc, data, site, origin, canonical, head })
  const state: PageState = { site, queries: dehydrate(qc), ...(notFoundPath ? { notFoundPath } : {}) }
  const look = { theme: site.defaultTheme, style: site.accentStyle }
  return { status, html: documentStart(assets, { look }) + documentHead(head, canonical, share) + app + documentEnd(state, assets) }
}
