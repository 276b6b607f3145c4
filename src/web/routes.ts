// Web room: hashed assets, the /about redirect, and every public page (streamed React).
import { Elysia } from 'elysia'
import type { AppDeps } from '../app-deps'
import { openPreviewLink } from '../features/preview/links'
import { GOALS } from '../contract/analytics'
import * as paths from '../contract/paths'
import { absoluteUrl } from '../contract/site-origin'
import type { AnalyticsCollector } from '../features/analytics/collector'
import { notFound } from '../lib/http-error'
import { clientIp } from '../plugins/client-ip'
import { PUBLIC_CACHE } from '../plugins/cache-policy'
import { loggedPath } from '../plugins/request-log'
import { UNFRAMABLE, unframable } from '../plugins/security-headers'
import { adminShell } from './admin-shell'
import { ASSET_PREFIX, assetResponse, clientAssets } from './assets'
import { FAVICON, projectArtwork, SAMPLE_VIDEO, SHARE_IMAGE } from './media'
import type { RenderCache } from './cache/render-cache'
import { previewBanner } from './preview-banner'
import { busy, held, planPage, serveCachedPage } from './serve-page'
import type { SitePages } from './site-pages'
import { badQueryPage, serverErrorPage } from './server-error-page'
import { serverSiteData } from './site-data'
import { pageLoadCounter } from './page-load'

const DAY_CACHE = 'public, max-age=86400'
const svg = (body: string) => new Response(body, { headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': DAY_CACHE } })

/** `security`: the headers every answer carries (src/plugins/security-headers.ts). */
export const webRoutes = ({ conn, config, log, clock }: AppDeps, cache: RenderCache, pages: SitePages, security: Record<string, string>, analytics: AnalyticsCollector) => {
  const countLoad = pageLoadCounter(analytics, config)
  const { site, render, renderToKeep } = pages
  // A preview or resume page is rendered like a public one but may never be framed.
  const locked = unframable(security)
  return new Elysia()
    .get('/assets/*', async ({ request }) => {
      const res = assetResponse(await clientAssets(), new URL(request.url).pathname, request.headers.get('accept-encoding'))
      if (!res) throw notFound()
      return res
    })
    .get('/admin', async () => adminShell(site(), (await clientAssets()).admin))
    .get('/admin/*', async () => adminShell(site(), (await clientAssets()).admin))
    .get('/about', () => new Response(null, { status: 301, headers: { location: '/' } }))
    .get('/favicon.svg', () => svg(FAVICON))
    .get('/favicon.ico', () => svg(FAVICON))
    .get('/media/projects/:file', ({ params }) => {
      const art = params.file.endsWith('.svg') ? projectArtwork(params.file.slice(0, -4)) : null
      if (!art) throw notFound()
      return svg(art)
    })
    .get(SHARE_IMAGE.path, () => new Response(Bun.file(SHARE_IMAGE.file), { headers: { 'content-type': 'image/jpeg', 'cache-control': DAY_CACHE } }))
    .get('/preview/:token', async ({ params }) => {
      // A draft's page for whoever holds the link: private like a resume link, never stored.
      const target = openPreviewLink(conn.db, clock, params.token)
      const path = !target ? '/preview' : target.kind === 'post' ? paths.post(target.slug) : paths.project(target.slug)
      const { response } = await render(new URL(absoluteUrl(config.origin, path)), target ? { data: serverSiteData(conn.db, clock, target), preview: { banner: previewBanner(target) } } : undefined, locked)
      response.headers.set('cache-control', 'no-store')
      response.headers.set('referrer-policy', 'no-referrer')
      response.headers.set('x-robots-tag', 'noindex')
      return response
    })
    .get(SAMPLE_VIDEO.path, ({ request, server }) => {
      // A player asks for the file from its start once per play (later ranges continue it).
      if (analytics.enabled && /^(bytes=0-)?$/.test(request.headers.get('range') ?? '')) {
        analytics.goal(GOALS.videoPlayed, { headers: request.headers, ip: clientIp(request, server, config.trustProxy) })
      }
      return new Response(Bun.file(SAMPLE_VIDEO.file), { headers: { 'content-type': 'video/mp4', 'cache-control': DAY_CACHE } })
    })
    .get('/*', async ({ request, server }) => {
      const url = new URL(request.url)
      if (url.pathname.startsWith('/api/') || url.pathname.startsWith(ASSET_PREFIX)) throw notFound()
      try {
        // A resume or preview page is never cached, nor the shared not-found page: it may not be framed.
        const plan = UNFRAMABLE.test(url.pathname) ? null : planPage(url)
        if (plan?.problem) return badQueryPage(site().siteName, (await clientAssets()).site.css, plan.problem, url.pathname)
        if (plan) {
          const response = await serveCachedPage(cache, plan, request, renderToKeep)
          countLoad(request, server, response.status)
          return response
        }
        const release = cache.uncachedRender()
        if (!release) return held(busy())
        const { response } = await render(url, undefined, UNFRAMABLE.test(url.pathname) ? locked : security).finally(release)
        countLoad(request, server, response.status)
        // A resume link is a capability: never leak it through Referer, never cache the page.
        if (url.pathname.startsWith('/resume/')) {
          response.headers.set('referrer-policy', 'no-referrer')
          response.headers.set('cache-control', 'no-store')
        } else {
          response.headers.set('cache-control', PUBLIC_CACHE)
        }
        return response
      } catch (error) {
        log.error('page failed', { path: loggedPath(request.url), error: String(error instanceof Error ? error.stack : error) })
        return serverErrorPage(site().siteName, (await clientAssets()).site.css)
      }
    })
}
