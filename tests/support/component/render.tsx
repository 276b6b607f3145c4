// Renders a public-site component the way the app does: providers, a router at a path, a query
// cache optionally filled; returns the container. For component tests (happy-dom).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { act } from 'react'
import { createRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import type { SiteConfig } from '#src/contract/site'
import { SiteProvider } from '#client/lib/site-context'
import type { SiteData } from '#client/lib/site-data'

export const testSite: SiteConfig = {
  apiBase: '',
  siteName: 'Test Site',
  seo: { title: 'Test Site', description: 'A test site.' },
  tagline: 'Tagline',
  heroTitle: 'Hero title',
  heroSubtitle: 'Hero subtitle',
  aboutHtml: '',
  avatar: null,
  links: { github: 'https://github.com/test', linkedin: 'https://www.linkedin.com/in/test', email: null, mastodon: null, bluesky: null, x: null, website: null },
  intros: { projects: 'Selected work and experiments.', blog: 'Notes from the work.', skills: 'Tools and techniques, with the projects that use them.' },
  quickTags: ['MERN', 'Solidity', 'FPGA', 'VHDL', 'Arduino', 'React', 'Node', 'Mongo'],
  accentStyle: '',
  defaultTheme: 'dark',
  demoEnabled: true,
  captchaSiteKey: null,
  messageMetaDays: 90,
  pageViews: 'server',
}

const reject = () => Promise.reject(new Error('no data in this test'))
export const emptyData: SiteData = { projects: reject, project: reject, posts: reject, post: reject, skills: reject }

// React's act() needs this flag outside a test renderer.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export async function renderAt(path: string, ui: ReactNode, options: { data?: Partial<SiteData>; site?: Partial<SiteConfig>; qc?: QueryClient } = {}) {
  const qc = options.qc ?? new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const location = memoryLocation({ path, record: true })
  const container = document.createElement('div')
  document.body.replaceChildren(container)
  const root = createRoot(container)
  await act(async () => {
    root.render(
      <QueryClientProvider client={qc}>
        <SiteProvider site={{ ...testSite, ...options.site }} data={{ ...emptyData, ...options.data }}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {ui}
          </Router>
        </SiteProvider>
      </QueryClientProvider>,
    )
  })
  return { container, qc, location, unmount: () => act(() => root.unmount()) }
}

/** Lets pending promises and timers settle inside act(). */
export const settle = (ms = 0) => act(() => new Promise((r) => setTimeout(r, ms)))
