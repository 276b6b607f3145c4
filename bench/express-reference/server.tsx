// The second reference of `npm run bench`: Node + Express + renderToString of the same App, with
// the same route table (heads, lazy pages), the same document shell and the data folio sent for
// hydration. Bundled for Node by bench/express-reference/build.ts; run as
// `node server.js <pages.json> <port>`. Every request renders anew: this is the uncached baseline.
import { hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query'
import express from 'express'
import { readFileSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import type { SiteData } from '#client/lib/site-data'
import { App } from '#client/site/app'
import { findRoute } from '#client/site/match-route'
import { parseSiteOrigin } from '#src/contract/site-origin'
import { documentEnd, documentHead, documentStart } from '#src/web/document'
import { shareHead } from '#src/web/share-meta'
import type { PageCopy } from '../lib/capture'

const [file, port] = process.argv.slice(2)
const pages = JSON.parse(readFileSync(file!, 'utf8')) as PageCopy[]

// The data was fetched by folio and travels in the page state: nothing may fetch again.
const refuse = () => Promise.reject(new Error('the Express reference renders from the page state only'))
const data: SiteData = { projects: refuse, project: refuse, posts: refuse, post: refuse, skills: refuse }

function render(page: PageCopy): string {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  hydrate(qc, page.state.queries as DehydratedState)
  const match = findRoute(page.path)
  if (!match) throw new Error(`${page.path}: no route`)
  const site = page.state.site
  const head = match.route.head({ params: match.params, search: new URLSearchParams(page.search), qc, data, site })
  const app = renderToString(<App qc={qc} site={site} data={data} ssr={{ path: page.path, search: page.search }} />)
  // The same social card and structured data folio adds from the same state.
  const share = shareHead({ route: match.route.path, params: match.params, qc, data, site, origin: parseSiteOrigin(page.canonical), canonical: page.canonical, head })
  return documentStart(page.assets) + documentHead(head, page.canonical, share) + app + documentEnd(page.state, page.assets)
}

const app = express()
app.disable('x-powered-by')
app.disable('etag')
for (const page of pages) {
  // A lazy page's chunk, loaded once (as folio does before its first render of that route).
  await findRoute(page.path)?.route.load?.()
  app.get(page.path, (_req, res) => {
    res.type('html').send(render(page))
  })
}
app.listen(Number(port), '127.0.0.1', () => console.log(`ready on ${port}`))
