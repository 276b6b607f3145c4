// /projects: the page the server renders (header, intro, the projects-list island and its props)
// and the island as the browser runs it (decision 066): its address kept with history, its list
// from /api/projects (a fake fetch here), the project order sync of spec section 4.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import { act } from 'react'
import type { ProjectListItem } from '#src/contract/project'
import { ORDER_VERSION_KEY, publishOrder } from '#client/lib/order-sync'
import { projectsQuery, type ProjectFilters, type SiteData } from '#client/lib/site-data'
import { projectFilters } from '#client/site/pages/project-filters'
import { ProjectsPage } from '#client/site/pages/projects-page'
import { renderAt, settle } from '#tests/support/component/render'

const items: ProjectListItem[] = [
  { slug: 'alpha', title: 'Alpha', summary: 'First project summary.', tags: ['React', 'Node'] },
  { slug: 'beta', title: 'Beta', tags: ['FPGA'] },
  { slug: 'gamma', title: 'Gamma' },
]

// The browser's side: /api/projects through a fake fetch, and the address as history writes it.
type Answer = (query: URLSearchParams) => Response | Promise<Response>
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const never = () => new Promise<never>(() => {})
const realFetch = globalThis.fetch
const realHistory = { push: history.pushState.bind(history), replace: history.replaceState.bind(history) }
let fetched: string[] = []
let written: [string, string][] = []
let api: Answer = () => json(200, { items })
const mounted: (() => unknown)[] = []
beforeEach(() => {
  fetched = []
  written = []
  api = () => json(200, { items })
  globalThis.fetch = (async (url: string) => {
    const u = new URL(String(url), 'http://localhost')
    fetched.push(u.pathname + u.search)
    return api(u.searchParams)
  }) as typeof fetch
  history.pushState = (data, unused, url) => (written.push(['push', String(url)]), realHistory.push(data, unused, url))
  history.replaceState = (data, unused, url) => (written.push(['replace', String(url)]), realHistory.replace(data, unused, url))
})
afterEach(async () => {
  // An island left mounted would still follow the address and order events in the next test.
  for (const unmount of mounted.splice(0)) await unmount()
  globalThis.fetch = realFetch
  history.pushState = realHistory.push
  history.replaceState = realHistory.replace
  localStorage.clear()
})

/** /projects at `path` as a visitor gets it: prefetched and rendered as the server does, then live. */
async function show(path: string, options: { list?: (f: ProjectFilters) => Promise<ProjectListItem[]>; site?: { staticSite?: true } } = {}) {
  realHistory.replace(null, '', path)
  const calls: ProjectFilters[] = []
  const data = { projects: (f: ProjectFilters) => (calls.push(f), (options.list ?? (async () => items))(f)) } as SiteData
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  await qc.prefetchQuery(projectsQuery(data, projectFilters(new URL(path, 'http://localhost').searchParams)))
  const shown = await renderAt(path, <ProjectsPage />, { data, qc, site: options.site })
  mounted.push(shown.unmount)
  await settle()
  return { ...shown, calls }
}
/** Goes back or forward to `path` as the browser does. */
const travel = (path: string) =>
  act(async () => {
    realHistory.push(null, '', path)
    window.dispatchEvent(new PopStateEvent('popstate'))
  })

const titles = (c: HTMLElement) => [...c.querySelectorAll('.card-title a')].map((a) => a.textContent)

describe('projects page', () => {
  test('puts the list in island projects-list, whose props hold the list, the filters and the API base', async () => {
    const { container, calls } = await show('/projects?search=%20scope%20&tag=FPGA')
    expect(calls).toEqual([{ search: 'scope', tag: 'FPGA', order: 'relevance' }])
    expect(container.querySelector('h1')?.textContent).toBe('Projects')
    expect(container.querySelector('.lede')?.textContent).toBe('Selected work and experiments.')
    const marker = container.querySelector('[data-island="projects-list"]')!
    expect(JSON.parse(marker.getAttribute('data-props')!)).toEqual({ projects: items, filters: { search: 'scope', tag: 'FPGA' }, apiBase: '' })
    expect(fetched).toEqual([])
  })

  test('shows a card per project linking to its page, with summary and tag chips linking to ?tag=', async () => {
    const { container } = await show('/projects')
    expect(titles(container)).toEqual(['Alpha', 'Beta', 'Gamma'])
    expect(container.querySelector('.card-title a')?.getAttribute('href')).toBe('/projects/alpha')
    expect(container.querySelector('.card p')?.textContent).toBe('First project summary.')
    const tags = [...container.querySelectorAll('.card a.tag')].map((a) => a.getAttribute('href'))
    expect(tags).toEqual(['/projects?tag=React', '/projects?tag=Node', '/projects?tag=FPGA'])
    expect(container.querySelector('.filters')).toBeNull()
  })

  test("shows 'No projects yet.' when the list is empty", async () => {
    const { container } = await show('/projects', { list: async () => [] })
    expect(container.textContent).toContain('No projects yet.')
    expect(container.querySelector('.card-grid')).toBeNull()
  })

  test.each([
    ['while loading', () => never(), 'Loading…'],
    ['on a server error', () => json(400, { error: 'Database is down' }), 'Failed to load projects: Database is down'],
    ['on an error without a message', () => new Response('', { status: 503 }), 'Failed to load projects: Request failed (503)'],
  ])('shows the right state %s', async (_name, answer, text) => {
    api = answer
    const { container } = await show('/projects')
    await travel('/projects?search=zzz')
    // A 503 is retried twice (250 ms, then 500 ms) before it is shown.
    await settle(900)
    expect(container.textContent).toContain(text)
    expect(container.querySelector('.card-grid')).toBeNull()
  })

  test('reads search and tag from the URL and shows the Filters line', async () => {
    const { container } = await show('/projects?search=%20scope%20&tag=FPGA')
    const filters = container.querySelector('.filters')!
    expect(filters.textContent).toBe('Filters: search “scope” tag FPGA Clear filters')
    expect(filters.querySelector('a')?.getAttribute('href')).toBe('/projects')
    expect((container.querySelector('input[name="search"]') as HTMLInputElement).value).toBe('scope')
  })

  test('the search form is labelled and puts the text in the URL, keeping the tag, then refetches', async () => {
    const { container } = await show('/projects?tag=React')
    const input = container.querySelector('input[type="search"]') as HTMLInputElement
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Search projects')
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, '  dapp ')
      input.dispatchEvent(new Event('input', { bubbles: true }))
    })
    const form = container.querySelector('form.projects-search') as HTMLFormElement
    await act(async () => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })))
    await settle()
    expect(written).toEqual([['push', '/projects?search=dapp&tag=React']])
    expect(fetched).toEqual(['/api/projects?search=dapp&tag=React&order=relevance'])
    expect((container.querySelector('input[name="tag"]') as HTMLInputElement).value).toBe('React')
  })

  test('a tag link and Clear filters apply in place, and a list seen before is not fetched again', async () => {
    const { container } = await show('/projects')
    await act(async () => (container.querySelector('.card a.tag[href="/projects?tag=FPGA"]') as HTMLAnchorElement).click())
    await settle()
    expect(container.querySelector('.filters')?.textContent).toContain('tag FPGA')
    await act(async () => (container.querySelector('.filters a') as HTMLAnchorElement).click())
    await settle()
    expect(written).toEqual([
      ['push', '/projects?tag=FPGA'],
      ['push', '/projects'],
    ])
    expect(fetched).toEqual(['/api/projects?tag=FPGA'])
    expect(container.querySelector('.filters')).toBeNull()
  })

  test('without JavaScript the search form is a plain GET form to /projects', async () => {
    const { container } = await show('/projects')
    const form = container.querySelector('form.projects-search')!
    expect(form.getAttribute('action')).toBe('/projects')
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('role')).toBe('search')
  })

  test('an orderUpdated event reorders the list at once, then refetches with the cache-busting version', async () => {
    let answer: ProjectListItem[] = items
    let release: () => void = () => {}
    api = (q) => (q.get('_') ? new Promise((r) => (release = () => r(json(200, { items: answer })))) : json(200, { items }))
    const { container } = await show('/projects')
    await act(async () => void publishOrder(['gamma', 'alpha'], 7))
    // Listed slugs first in the given order, the rest after, while the refetch is still out.
    expect(titles(container)).toEqual(['Gamma', 'Alpha', 'Beta'])
    expect(container.textContent).not.toContain('Loading…')
    expect(fetched).toEqual(['/api/projects?_=7'])

    answer = [items[2]!, items[0]!, items[1]!, { slug: 'delta', title: 'Delta' }]
    await act(async () => release())
    await settle()
    expect(titles(container)).toEqual(['Gamma', 'Alpha', 'Beta', 'Delta'])
  })

  test('a new search shows the loading text instead of the previous results', async () => {
    api = (q) => (q.get('search') ? never() : json(200, { items }))
    const { container } = await show('/projects')
    await travel('/projects?search=zzz')
    await settle()
    expect(container.textContent).toContain('Loading…')
    expect(titles(container)).toEqual([])
  })

  test('an event without a version bumps the stored one', async () => {
    localStorage.setItem(ORDER_VERSION_KEY, '4')
    await show('/projects')
    await act(async () => void window.dispatchEvent(new CustomEvent('orderUpdated', { detail: { slugs: ['beta'] } })))
    await settle()
    expect(fetched).toEqual(['/api/projects?_=5'])
  })

  test('a new order version stored by another tab refetches with it', async () => {
    const { container } = await show('/projects?tag=React')
    const event = Object.assign(new Event('storage'), { key: ORDER_VERSION_KEY, newValue: '12' })
    await act(async () => void window.dispatchEvent(event))
    await settle()
    expect(fetched).toEqual(['/api/projects?tag=React&_=12'])
    expect(titles(container)).toEqual(['Alpha', 'Beta', 'Gamma'])
  })

  test('stops listening for order events once it leaves the page', async () => {
    const { unmount } = await show('/projects')
    await unmount()
    await act(async () => void publishOrder(['beta'], 3))
    expect(fetched).toEqual([])
  })

  test('on a static export filters the whole list it came with, in the page, from the address at once', async () => {
    const { container } = await show('/projects', { site: { staticSite: true } })
    await travel('/projects?tag=fpga')
    expect(titles(container)).toEqual(['Beta'])
    await travel('/projects?search=first')
    expect(titles(container)).toEqual(['Alpha'])
    expect(fetched).toEqual([])
  })
})
