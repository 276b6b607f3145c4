// The public app: providers, the router over the shared route table, the layout.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Route, Router, Switch, useLocation, type AroundNavHandler } from 'wouter'
import type { SiteConfig } from '#src/contract/site'
import { SiteProvider } from '../lib/site-context'
import type { SiteData } from '../lib/site-data'
import { HeadSync } from './head-sync'
import { Layout } from './layout/layout'
import { NotFoundPage } from './pages/not-found-page'
import { routes } from './routes'
import { parsePattern } from './route-pattern'

export type AppProps = {
  qc: QueryClient
  site: SiteConfig
  data: SiteData
  /** The path and search the HTML was rendered for: the server's request, or a static export's file. */
  ssr?: { path: string; search: string }
  /** The path answered with the 404 page: an unknown slug matches a route, yet shows not-found. */
  notFoundPath?: string
  /** How links navigate when not in place: a static export loads whole pages (static-site.ts). */
  aroundNav?: AroundNavHandler
}

export function App({ qc, site, data, ssr, notFoundPath, aroundNav }: AppProps) {
  return (
    <QueryClientProvider client={qc}>
      <SiteProvider site={site} data={data}>
        <Router ssrPath={ssr?.path} ssrSearch={ssr?.search} aroundNav={aroundNav} parser={parsePattern}>
          <HeadSync notFoundPath={notFoundPath} />
          <HydrationMark />
          <ScrollToTop />
          <Layout>
            <Pages notFoundPath={notFoundPath} />
          </Layout>
        </Router>
      </SiteProvider>
    </QueryClientProvider>
  )
}

/** A new page starts at the top; a change of query alone (filters) keeps the scroll. */
function ScrollToTop() {
  const [path] = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (!location.hash) window.scrollTo(0, 0)
  }, [path])
  return null
}

/** Marks <html data-hydrated> once React owns the page (effects never run on the server). */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return null
}

function Pages({ notFoundPath }: { notFoundPath?: string }) {
  const [path] = useLocation()
  if (path === notFoundPath) return <NotFoundPage />
  return (
    <Switch>
      {routes.map((r) => (
        <Route key={r.path} path={r.path}>
          {(params) => <r.page params={params as Record<string, string>} />}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  )
}
