// Browser entry of the public site: read the page state, hydrate the same app the server
// rendered, then start what only a browser does (page views, code copy buttons).
import { hydrate, QueryClient } from '@tanstack/react-query'
import { hydrateRoot } from 'react-dom/client'
import { STATE_ELEMENT_ID, type PageState } from '#src/contract/site'
import { createApiClient } from '../lib/api'
import { httpSiteData } from '../lib/http-site-data'
import { hasLiveApi } from '../lib/site-context'
import { App } from './app'
import { findRoute } from './match-route'
import { startBrowserExtras } from './browser-extras'
import './styles/index.css'

const state = JSON.parse(document.getElementById(STATE_ELEMENT_ID)!.textContent!) as PageState<Parameters<typeof hydrate>[1]>
const qc = new QueryClient({
  // Data from the server is fresh for a minute: the first load makes no API call of its own.
  defaultOptions: { queries: { staleTime: 60_000, retry: false, refetchOnWindowFocus: false } },
})
hydrate(qc, state.queries)
const site = state.site
const api = createApiClient({ apiBase: site.apiBase })
// A static export (client/site/static-site.ts, fetched only there): its 404.html answers every
// missing path, and each file was rendered without a query, so React hydrates with none and then
// applies the URL's.
const staticSite = site.staticSite ? await import('./static-site') : null
staticSite?.tidyStaticPath()
// A 404 is one page for every missing path (the server keeps one per header section, a static
// export has one 404.html): the state says it is the 404, the address says for which path.
const notFoundPath = state.notFoundPath ? location.pathname : undefined
const rendered = site.staticSite ? { path: location.pathname, search: '' } : undefined
// A lazy page's chunk first, so hydration finds the same markup the server sent.
if (!notFoundPath) await findRoute(location.pathname)?.route.load?.()

// The server's HTML is painted first: hydrating is the page's longest task, and on a slow phone
// the content shows that much sooner (rAF runs before a paint, its timeout after). A hidden tab
// paints nothing, and its rAF would wait until it is shown.
if (document.visibilityState === 'visible') await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)))

const data = staticSite ? staticSite.staticSiteData(qc) : httpSiteData(api)
hydrateRoot(document.getElementById('root')!, <App qc={qc} site={site} data={data} ssr={rendered} notFoundPath={notFoundPath} aroundNav={staticSite?.staticNavigation} />, {
  onRecoverableError(error) {
    console.error('hydration:', error)
  },
})
startBrowserExtras(hasLiveApi(site) ? api : null, site)
