// In-process render time of each page, run as its own process with NODE_ENV=production (React's
// production build): `full` is what a cache miss costs (the services' queries, then the streamed
// render to the last byte); `fromState` renders the same page from its dehydrated state with no
// data access, the same work the Node + Express reference does. Prints JSON on stdout.
// Usage: NODE_ENV=production bun bench/lib/render-time.ts <data dir> <pages.json>
import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query'
import { createElement } from 'react'
import { renderToReadableStream } from 'react-dom/server'
import { readFileSync } from 'node:fs'
import { App } from '#client/site/app'
import { openDatabase } from '#db/connection'
import { loadConfig } from '#src/config'
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

const out = []
for (const page of pages) {
  const url = new URL(page.path + (page.search ? `?${page.search}` : ''), 'http://localhost')
  const full = await timed(async () => (await renderPage({ url, site, origin: config.origin, data, assets, log: silentLogger })).response.arrayBuffer())
  const fromState = await timed(async () => {
    const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
    hydrate(qc, page.state.queries as DehydratedState)
    const body = await renderToReadableStream(createElement(App, { qc, site: page.state.site, data, ssr: { path: page.path, search: page.search }, notFoundPath: page.state.notFoundPath }))
    const html = documentStart(page.assets) + documentHead({ title: '', description: '' }, page.canonical) + (await new Response(body).text()) + documentEnd({ ...page.state, queries: dehydrate(qc) }, page.assets)
    return html.length
  })
  out.push({ path: page.path, fullMs: full, fromStateMs: fromState })
}
conn.close()
console.log(JSON.stringify(out))
