// The public app as the server renders it: providers, the router over the shared route table,
// the layout. It never runs in the browser (decision 066): only its islands do, each on its own.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Route, Router, Switch, useLocation } from 'wouter'
import type { SiteConfig } from '#src/contract/site'
import { SiteProvider } from '../lib/site-context'
import type { SiteData } from '../lib/site-data'
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
}

export function App({ qc, site, data, ssr, notFoundPath }: AppProps) {
  return (
    <QueryClientProvider client={qc}>
      <SiteProvider site={site} data={data}>
        <Router ssrPath={ssr?.path} ssrSearch={ssr?.search} parser={parsePattern}>
          <Layout>
            <Pages notFoundPath={notFoundPath} />
          </Layout>
        </Router>
      </SiteProvider>
    </QueryClientProvider>
  )
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
