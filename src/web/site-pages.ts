// The public pages as the server renders them: the site's settings, its data (unfiltered lists
// kept until their content changes), the renderer that puts the security headers on each page,
// `warm`, which renders a page into the cache (the page cache's rewarm subscriber), and the frame
// of a page built without it.
import type { AppDeps } from '../app-deps'
import { absoluteUrl } from '../contract/site-origin'
import { imageSets } from '../features/uploads/image-records'
import { settingsStore } from '../features/settings/service'
import { clientAssets } from './assets'
import { HEAD_SCRIPT } from './document'
import { keepUnfilteredLists } from './cache/kept-lists'
import type { RenderCache } from './cache/render-cache'
import { renderPage, type RenderInput } from './render-page'
import { planPage, serveCachedPage } from './serve-page'
import { currentSiteConfig } from './site-config'
import { serverSiteData } from './site-data'

/** `security`: the headers every answer carries (src/plugins/security-headers.ts). */
export function sitePages({ conn, config, log, clock }: AppDeps, cache: RenderCache, security: Record<string, string>) {
  const site = currentSiteConfig(config, settingsStore(conn.db), { of: (url) => imageSets(conn.db, [url]).get(url)!, version: () => cache.version('site') })
  const data = keepUnfilteredLists(serverSiteData(conn.db, clock), (tag) => cache.version(tag))
  // The security headers go into the page's own headers, so a cached copy carries them too.
  const render = async (url: URL, preview?: Pick<RenderInput, 'data' | 'preview'>, headers = security, whole = false) => {
    const page = await renderPage({ url, site: site(), origin: config.origin, data, assets: (await clientAssets()).site, log, whole, ...preview })
    for (const [name, value] of Object.entries(headers)) page.response.headers.set(name, value)
    return page
  }
  // A page the cache keeps is read whole before it is sent (serve-page.ts): rendered in one piece.
  const renderToKeep = (url: URL) => render(url, undefined, security, true)
  const warm = async (key: string) => {
    const url = new URL(absoluteUrl(config.origin, key))
    const plan = planPage(url)
    if (!plan) return
    const response = await serveCachedPage(cache, plan, new Request(url), renderToKeep)
    await response.arrayBuffer()
    // Stored once its copy is read and gzipped: wait for that, so warming stays one page at a time.
    await cache.pending(plan.key)
  }
  /** What a page built outside the renderer needs (a resume link's refusal): the stylesheets, the head script. */
  const frame = async () => ({ css: (await clientAssets()).site.css, headScript: HEAD_SCRIPT })
  return { site, render, renderToKeep, warm, frame }
}

export type SitePages = ReturnType<typeof sitePages>
