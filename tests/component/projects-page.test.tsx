import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { ProjectListItem } from '#src/contract/project'
import { ApiError } from '#client/lib/api'
import { ORDER_VERSION_KEY, publishOrder } from '#client/lib/order-sync'
import type { ProjectFilters } from '#client/lib/site-data'
import { ProjectsPage } from '#client/site/pages/projects-page'
import { renderAt, settle } from '#tests/support/component/render'

const items: ProjectListItem[] = [
  { slug: 'alpha', title: 'Alpha', summary: 'First project summary.', tags: ['React', 'Node'] },
  { slug: 'beta', title: 'Beta', tags: ['FPGA'] },
  { slug: 'gamma', title: 'Gamma' },
]

/** A projects source that records its calls and answers with `list` (or what `answer` gives). */
function source(answer: (f: ProjectFilters) => Promise<ProjectListItem[]> = async () => items) {
  const calls: ProjectFilters[] = []
  return { calls, projects: (f: ProjectFilters) => (calls.push(f), answer(f)) }
}

const titles = (c: HTMLElement) => [...c.querySelectorAll('.card-title a')].map((a) => a.textContent)
const never = () => new Promise<never>(() => {})

afterEach(() => localStorage.clear())

describe('projects page', () => {
  test('shows a card per project linking to its page, with summary and tag chips linking to ?tag=', async () => {
    const { projects } = source()
    const { container } = await renderAt('/projects', <ProjectsPage />, { data: { projects } })
    await settle()
    expect(container.querySelector('h1')?.textContent).toBe('Projects')
    expect(titles(container)).toEqual(['Alpha', 'Beta', 'Gamma'])
    expect(container.querySelector('.card-title a')?.getAttribute('href')).toBe('/projects/alpha')
    expect(container.querySelector('.card p')?.textContent).toBe('First project summary.')
    const tags = [...container.querySelectorAll('.card a.tag')].map((a) => a.getAttribute('href'))
    expect(tags).toEqual(['/projects?tag=React', '/projects?tag=Node', '/projects?tag=FPGA'])
    expect(container.querySelector('.filters')).toBeNull()
  })

  test.each([
    ['while loading', never, 'Loading…'],
    ['when the list is empty', async () => [], 'No projects yet.'],
    ['on a server error', () => Promise.reject(new ApiError(500, { error: 'Database is down' }, 'x')), 'Failed to load projects: Database is down'],
    ['on an error without a message', () => Promise.reject(new ApiError(503, undefined, '')), 'Failed to load projects: Request failed (503)'],
  ])('shows the right state %s', async (_name, answer, text) => {
    const { projects } = source(answer as () => Promise<ProjectListItem[]>)
    const { container } = await renderAt('/projects', <ProjectsPage />, { data: { projects } })
    await settle()
    expect(container.textContent).toContain(text)
    expect(container.querySelector('.card-grid')).toBeNull()
  })

  test('reads search and tag from the URL, fetches with them and shows the Filters line', async () => {
    const { projects, calls } = source()
    const { container } = await renderAt('/projects?search=%20scope%20&tag=FPGA', <ProjectsPage />, { data: { projects } })
    await settle()
    expect(calls).toEqual([{ search: 'scope', tag: 'FPGA', order: 'relevance' }])
    const filters = container.querySelector('.filters')!
    expect(filters.textContent).toContain('Filters:')
    expect(filters.textContent).toContain('search “scope”')
    expect(filters.textContent).toContain('tag FPGA')
    expect(filters.querySelector('a')?.getAttribute('href')).toBe('/projects')
    expect((container.querySelector('input[name="search"]') as HTMLInputElement).value).toBe('scope')
  })

  test('the search form is labelled and puts the text in the URL, keeping the tag, then refetches', async () => {
    const { projects, calls } = source()
    const { container, location } = await renderAt('/projects?tag=React', <ProjectsPage />, { data: { projects } })
    await settle()
    const input = container.querySelector('input[type="search"]') as HTMLInputElement
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Search projects')
    input.value = '  dapp '
    const form = container.querySelector('form.projects-search') as HTMLFormElement
    await act(async () => form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })))
    await settle()
    expect(location.history.at(-1)).toBe('/projects?search=dapp&tag=React')
    expect(calls.at(-1)).toEqual({ search: 'dapp', tag: 'React', order: 'relevance' })
    expect((container.querySelector('input[name="tag"]') as HTMLInputElement).value).toBe('React')
  })

  test('without JavaScript the search form is a plain GET form to /projects', async () => {
    const { container } = await renderAt('/projects', <ProjectsPage />, { data: { projects: async () => items } })
    const form = container.querySelector('form.projects-search')!
    expect(form.getAttribute('action')).toBe('/projects')
    expect(form.getAttribute('method')).toBe('get')
    expect(form.getAttribute('role')).toBe('search')
  })

  test('an orderUpdated event reorders the list at once, then refetches with the cache-busting version', async () => {
    let answer: ProjectListItem[] = items
    let release: () => void = () => {}
    const { projects, calls } = source((f) => (f._ ? new Promise((r) => (release = () => r(answer))) : Promise.resolve(items)))
    const { container } = await renderAt('/projects', <ProjectsPage />, { data: { projects } })
    await settle()
    expect(calls).toEqual([{}])

    await act(async () => void publishOrder(['gamma', 'alpha'], 7))
    // Listed slugs first in the given order, the rest after, while the refetch is still out.
    expect(titles(container)).toEqual(['Gamma', 'Alpha', 'Beta'])
    expect(container.textContent).not.toContain('Loading…')
    expect(calls.at(-1)).toEqual({ _: '7' })

    answer = [items[2]!, items[0]!, items[1]!, { slug: 'delta', title: 'Delta' }]
    await act(async () => release())
    await settle()
    expect(titles(container)).toEqual(['Gamma', 'Alpha', 'Beta', 'Delta'])
  })

  test('a new search shows the loading text instead of the previous results', async () => {
    const { projects } = source((f) => (f.search ? never() : Promise.resolve(items)))
    const { container, location } = await renderAt('/projects', <ProjectsPage />, { data: { projects } })
    await settle()
    await act(async () => location.navigate('/projects?search=zzz'))
    await settle()
    expect(container.textContent).toContain('Loading…')
    expect(titles(container)).toEqual([])
  })

  test('an event without a version bumps the stored one', async () => {
    localStorage.setItem(ORDER_VERSION_KEY, '4')
    const { projects, calls } = source()
    await renderAt('/projects', <ProjectsPage />, { data: { projects } })
    await settle()
    await act(async () => void window.dispatchEvent(new CustomEvent('orderUpdated', { detail: { slugs: ['beta'] } })))
    await settle()
    expect(calls.at(-1)).toEqual({ _: '5' })
  })

  test('a new order version stored by another tab refetches with it', async () => {
    const { projects, calls } = source()
    const { container } = await renderAt('/projects?tag=React', <ProjectsPage />, { data: { projects } })
    await settle()
    const event = Object.assign(new Event('storage'), { key: ORDER_VERSION_KEY, newValue: '12' })
    await act(async () => void window.dispatchEvent(event))
    await settle()
    expect(calls).toEqual([{ tag: 'React' }, { tag: 'React', _: '12' }])
    expect(titles(container)).toEqual(['Alpha', 'Beta', 'Gamma'])
  })

  test('stops listening for order events once it leaves the page', async () => {
    const { projects, calls } = source()
    const { unmount } = await renderAt('/projects', <ProjectsPage />, { data: { projects } })
    await settle()
    await unmount()
    await act(async () => void publishOrder(['beta'], 3))
    expect(calls).toEqual([{}])
  })
})
