// In-process render time of each page, run as its own process with NODE_ENV=production (React's
// production build): `full` is what a cache miss costs (the services' queries, then the streamed
// render to the last byte); `renderOnly` streams the same page's App with its data already loaded
// in a QueryClient (prefetched once, through the services, as renderPage does), head and document
// shell included: the share of a miss that is React and the shell, with no data access.
// Usage: NODE_ENV=production bun bench/lib/render-time.ts <data dir> <pages.json>
import { QueryClient } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { readFileSync } from 'node:fs'
import { App } from '#client/site/app'
import { findRoute } from '#client/site/match-route'
import { openDatabase } from '#db/connection'
import { loadConfig } from '#src/config'
import type { PageBoot } from '#src/contract/site'
import { absoluteUrl } from '#src/contract/site-origin'
import { silentLogger } from '#src/lib/logger'
import { clientAssets } from '#src/web/assets'
import { documentEnd, documentHead, documentStart } from '#src/web/document'
import { renderPage } from '#src/web/render-page'
import { siteConfigOf } from '#src/web/site-config'
import { settingsStore } from '#src/features/settings/service'
import { serverSiteData } from '#src/web/site-data'
import { systemClock } from '#src/lib/clock'
import type { PageCopy } from './capture'
import { median, round } from './stats'

const [dataDir, pagesFile] = process.argv.slice(2) as [string, string]
const conn = openDatabase(dataDir)
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'error' }, dataDir)
const site = siteConfigOf(config, settingsStore(conn.db))
const data = serverSiteData(conn.db, systemClock)
const assets = (await clientAssets()).site
const pages = JSON.parse(readFileSync(pagesFile, 'utf8')) as PageCopy[]
const boot: PageBoot = { apiBase: site.apiBase, pageViews: site.pageViews }

async function timed(run: () => Promise<unknown>, runs = 100, warmup = 20) {
  for (let i = 0; i < warmup; i++) await run()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    await run()
    times.push(performance.now() - t0)
  }
  return round(median(times), 3)
}

/** A render of `url` from a QueryClient its route's prefetch filled once; each call renders again. */
async function loaded(url: URL) {
  const match = findRoute(url.pathname)
  if (!match) throw new Error(`${url.pathname}: no route`)
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  const ctx = { params: match.params, search: url.searchParams, qc, data, site }
  await match.route.load?.()
  await match.route.prefetch?.(ctx)
  const ssr = { path: url.pathname, search: url.search.replace(/^\?/, '') }
  const canonical = absoluteUrl(config.origin, url.pathname + url.search)
  return async () => {
    const body = await renderToReadableStream(createElement(App, { qc, site, data, ssr }))
    const html = documentStart(assets) + documentHead(match.route.head(ctx), canonical) + (await new Response(body).text()) + documentEnd(boot, assets)
    return html.length
  }
}

const out = []
for (const page of pages) {
  const url = new URL(page.path + (page.search ? `?${page.search}` : ''), 'http://localhost')
  const full = await timed(async () => (await renderPage({ url, site, origin: config.origin, data, assets, log: silentLogger })).response.arrayBuffer())
  const renderOnly = await timed(await loaded(url))
  out.push({ path: page.path, fullMs: full, renderOnlyMs: renderOnly })
}
conn.close()
console.log(JSON.stringify(out))
