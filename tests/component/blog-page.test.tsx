// /blog: the page the server renders (header, intro, the blog-list island and its props) and the
// island itself as the browser runs it (decision 066): its address kept with history, its posts
// from /api/posts (a fake fetch here), its cache, its timings.
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act } from 'react'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import type { PostSummary } from '#src/contract/post'
import { SiteProvider } from '#client/lib/site-context'
import type { PostFilters, SiteData } from '#client/lib/site-data'
import { BlogPage, blogFilters, prefetchBlog } from '#client/site/pages/blog-page'
import { renderAt, settle, testSite } from '#tests/support/component/render'

const post = (n: number, tags: string[], title = `Post ${n}`): PostSummary => ({
  title,
  slug: `post-${n}`,
  summary: `Summary of post ${n}.`,
  tags,
  readingMinutes: n,
  createdAt: `2025-0${(n % 9) + 1}-15T12:00:00.000Z`,
  updatedAt: `2025-0${(n % 9) + 1}-15T12:00:00.000Z`,
  status: 'published',
})

// Eleven tags, given out of order and with a repeat: eight chips, three under 'More tags…'.
const POSTS: PostSummary[] = [
  post(1, ['vhdl', 'fpga'], 'A UART in VHDL'),
  post(2, ['cuda', 'gpu', 'Bun']),
  post(3, ['rust', 'embedded', 'arduino']),
  post(4, ['zig', 'cpp', 'fpga', 'sqlite']),
]

/** Filters like the API (tag exactly, search in titles). */
const filtered = (f: PostFilters, posts = POSTS) => {
  const q = f.search?.toLowerCase()
  return posts.filter((p) => (!f.tag || p.tags.includes(f.tag)) && (!q || p.title.toLowerCase().includes(q)))
}

/** The server's posts source: records what the page's prefetch asks for. */
function source(answer: (f: PostFilters) => Promise<PostSummary[]> = async (f) => filtered(f)) {
  const calls: PostFilters[] = []
  return { calls, posts: (f: PostFilters) => (calls.push(f), answer(f)) }
}

// The browser's side: /api/posts through a fake fetch, and the address as history writes it.
type Answer = (query: URLSearchParams) => Response | Promise<Response>
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const realFetch = globalThis.fetch
const realHistory = { push: history.pushState.bind(history), replace: history.replaceState.bind(history) }
let fetched: string[] = []
let written: [string, string][] = []
let api: Answer = (q) => json(200, { items: filtered({ search: q.get('search') ?? undefined, tag: q.get('tag') ?? undefined }) })
beforeEach(() => {
  fetched = []
  written = []
  api = (q) => json(200, { items: filtered({ search: q.get('search') ?? undefined, tag: q.get('tag') ?? undefined }) })
  globalThis.fetch = (async (url: string) => {
    const u = new URL(String(url), 'http://localhost')
    fetched.push(u.pathname + u.search)
    return api(u.searchParams)
  }) as typeof fetch
  history.pushState = (data, unused, url) => (written.push(['push', String(url)]), realHistory.push(data, unused, url))
  history.replaceState = (data, unused, url) => (written.push(['replace', String(url)]), realHistory.replace(data, unused, url))
})
const mounted: (() => Promise<unknown> | unknown)[] = []
afterEach(async () => {
  // An island left mounted would still follow the address (popstate) in the next test.
  for (const unmount of mounted.splice(0)) await unmount()
  globalThis.fetch = realFetch
  history.pushState = realHistory.push
  history.replaceState = realHistory.replace
})

/** /blog at `path` as a visitor gets it: prefetched and rendered as the server does, then live. */
async function show(path: string, options: { posts?: SiteData['posts']; site?: { staticSite?: true } } = {}) {
  realHistory.replace(null, '', path)
  const data = { posts: options.posts ?? source().posts } as SiteData
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  await prefetchBlog(qc, data, new URL(path, 'http://localhost').searchParams)
  const shown = await renderAt(path, <BlogPage />, { data, qc, site: options.site })
  mounted.push(shown.unmount)
  await settle()
  return shown
}
const here = () => location.pathname + location.search
/** Goes back or forward to `path` as the browser does. */
const travel = (path: string) =>
  act(async () => {
    realHistory.push(null, '', path)
    window.dispatchEvent(new PopStateEvent('popstate'))
  })

const titles = (c: HTMLElement) => [...c.querySelectorAll('.post-card .card-title a')].map((a) => a.textContent)
const searchBox = (c: HTMLElement) => c.querySelector('input[type="search"]') as HTMLInputElement
const status = (c: HTMLElement) => c.querySelector('.blog-status')?.textContent

/** Types into a controlled input the way a user does. */
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('blog page, as the server renders it', () => {
  test('puts the list in island blog-list, whose props hold the posts a card shows, the tag names and the filters', async () => {
    const { container } = await show('/blog?search=uart&tag=fpga')
    const marker = container.querySelector('[data-island="blog-list"]')!
    expect(container.querySelector('h1')?.textContent).toBe('Blog')
    expect(container.querySelector('.lede')?.textContent).toBe('Notes from the work.')
    expect(JSON.parse(marker.getAttribute('data-props')!)).toEqual({
      posts: [{ title: 'A UART in VHDL', slug: 'post-1', summary: 'Summary of post 1.', tags: ['vhdl', 'fpga'], readingMinutes: 1, createdAt: '2025-02-15T12:00:00.000Z' }],
      tags: { chips: ['arduino', 'Bun', 'cpp', 'cuda', 'embedded', 'fpga', 'gpu', 'rust'], more: ['sqlite', 'vhdl', 'zig'] },
      filters: { search: 'uart', tag: 'fpga' },
      apiBase: '',
    })
    expect(blogFilters(new URLSearchParams('search=uart&tag=fpga'))).toEqual({ search: 'uart', tag: 'fpga', limit: 100, order: 'relevance' })
  })

  test('without JavaScript: a GET form to /blog, tag chips that are links, Clear a link; no comment between texts', async () => {
    const { container } = await show('/blog?tag=fpga')
    const form = container.querySelector('form.blog-filters')!
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/blog', 'get'])
    expect((form.querySelector('input[name="tag"]') as HTMLInputElement).value).toBe('fpga')
    expect(container.querySelector('.tag-chips a')?.getAttribute('href')).toBe('/blog?tag=arduino')
    expect(container.querySelector('a.blog-clear-link')?.getAttribute('href')).toBe('/blog')
    // React puts `<!-- -->` between two texts side by side, which Preact's hydration would not expect.
    const data = { posts: source().posts } as SiteData
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    await prefetchBlog(qc, data, new URLSearchParams('tag=fpga'))
    const html = renderToString(
      <QueryClientProvider client={qc}>
        <SiteProvider site={testSite} data={data}>
          <Router ssrPath="/blog" ssrSearch="tag=fpga">
            <BlogPage />
          </Router>
        </SiteProvider>
      </QueryClientProvider>,
    )
    const island = html.slice(html.indexOf('data-island="blog-list"'))
    expect(island).toContain('>1 min</span>')
    expect(island.slice(0, island.indexOf('blog-feeds'))).not.toContain('<!-- -->')
  })
})

describe('blog list island', () => {
  test("links the blog's feeds, or a chosen tag's when it has posts", async () => {
    const feeds = (c: HTMLElement) => [...c.querySelectorAll('.blog-feeds a')].map((a) => a.getAttribute('href'))
    const whole = await show('/blog')
    expect(feeds(whole.container)).toEqual(['/feed.xml', '/feed.json'])
    await whole.unmount()
    const tagged = await show('/blog?tag=FPGA')
    expect(tagged.container.querySelector('.blog-feeds')?.textContent).toContain('Follow posts tagged FPGA')
    expect(feeds(tagged.container)).toEqual(['/blog/tag/FPGA/feed.xml', '/blog/tag/FPGA/feed.json'])
    await tagged.unmount()
    const unknown = await show('/blog?tag=nothing%20here')
    expect(feeds(unknown.container)).toEqual(['/feed.xml', '/feed.json'])
  })

  test('shows a card per post linking to /blog/{slug}, with summary, tags and N min', async () => {
    const { container } = await show('/blog')
    expect(titles(container)).toEqual(['A UART in VHDL', 'Post 2', 'Post 3', 'Post 4'])
    const first = container.querySelector('.post-card')!
    expect(first.querySelector('.card-title a')?.getAttribute('href')).toBe('/blog/post-1')
    expect(first.querySelector('.post-summary')?.textContent).toBe('Summary of post 1.')
    expect(first.querySelector('.reading-time')?.textContent).toBe('1 min')
    expect(first.querySelector('time')?.textContent).toBe('15 Feb 2025')
    expect([...first.querySelectorAll('a.tag')].map((a) => a.getAttribute('href'))).toEqual(['/blog?tag=vhdl', '/blog?tag=fpga'])
    expect(status(container)).toBe('4 posts')
    expect(fetched).toEqual([])
  })

  test('puts the first 8 tags alphabetically in chips and the rest under More tags…', async () => {
    const { container } = await show('/blog')
    const chips = [...container.querySelectorAll('.tag-chips a')].map((a) => a.textContent)
    expect(chips).toEqual(['arduino', 'Bun', 'cpp', 'cuda', 'embedded', 'fpga', 'gpu', 'rust'])
    expect(container.querySelector('.more-tags summary')?.textContent).toBe('More tags…')
    expect([...container.querySelectorAll('.more-tags-list a')].map((a) => a.textContent)).toEqual(['sqlite', 'vhdl', 'zig'])
    expect(container.querySelector('.tag-chips a')?.getAttribute('href')).toBe('/blog?tag=arduino')
  })

  test('More tags… closes on Escape (focus back on it), on a click outside and when a tag is picked, which applies in place', async () => {
    const { container } = await show('/blog')
    const details = container.querySelector('details.more-tags') as HTMLDetailsElement
    const summary = details.querySelector('summary')!
    details.open = true
    ;(details.querySelector('a') as HTMLAnchorElement).focus()
    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    expect(details.open).toBe(false)
    expect(document.activeElement).toBe(summary)
    details.open = true
    await act(async () => document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })))
    expect(details.open).toBe(false)
    details.open = true
    await act(async () => (details.querySelector('a') as HTMLAnchorElement).click())
    await settle()
    expect(details.open).toBe(false)
    expect(written).toEqual([['push', '/blog?tag=sqlite']])
    expect(titles(container)).toEqual(['Post 4'])
  })

  test('offers every tag in one Filter by tag… dropdown that sets the tag in the URL', async () => {
    const { container } = await show('/blog?search=uart')
    const select = container.querySelector('.tag-select select') as HTMLSelectElement
    expect(container.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Filter by tag…')
    expect([...select.options].map((o) => o.textContent)).toEqual(['Filter by tag…', 'arduino', 'Bun', 'cpp', 'cuda', 'embedded', 'fpga', 'gpu', 'rust', 'sqlite', 'vhdl', 'zig'])
    await act(async () => {
      select.value = 'zig'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect(written).toEqual([['push', '/blog?search=uart&tag=zig']])
  })

  test('reads search and tag from the URL, marks the active tag and lets its chip clear it', async () => {
    const { posts, calls } = source()
    const { container } = await show('/blog?search=%20uart%20&tag=fpga', { posts })
    expect(calls).toEqual([{ search: 'uart', tag: 'fpga', limit: 100, order: 'relevance' }, { limit: 100 }])
    expect(fetched).toEqual([])
    expect(titles(container)).toEqual(['A UART in VHDL'])
    expect(searchBox(container).value).toBe('uart')
    const active = container.querySelector('.tag-chips a[aria-current="true"]')!
    expect(active.textContent).toBe('fpga')
    expect(active.getAttribute('href')).toBe('/blog?search=uart')
    expect(container.querySelector('.tag-chips a[href="/blog?search=uart&tag=cpp"]')).not.toBeNull()
    await act(async () => (active as HTMLAnchorElement).click())
    await settle()
    expect(here()).toBe('/blog?search=uart')
    expect(fetched).toEqual(['/api/posts?search=uart&limit=100&order=relevance'])
  })

  test('shows an active tag from beyond the first 8 as a chip as well', async () => {
    const { container } = await show('/blog?tag=zig')
    const chips = [...container.querySelectorAll('.tag-chips a')]
    expect(chips.map((a) => a.textContent)).toHaveLength(9)
    expect(chips.at(-1)?.getAttribute('aria-current')).toBe('true')
    expect(chips.at(-1)?.textContent).toBe('zig')
  })

  test('puts typed text into the URL with replace, only after 100 ms of quiet', async () => {
    const { container } = await show('/blog?tag=fpga')
    await type(searchBox(container), 'ua')
    await settle(20)
    await type(searchBox(container), 'uart')
    await settle(20)
    expect(written).toEqual([])
    await settle(120)
    expect(written).toEqual([['replace', '/blog?search=uart&tag=fpga']])
    await settle()
    expect(fetched).toEqual(['/api/posts?search=uart&tag=fpga&limit=100&order=relevance'])
    expect(titles(container)).toEqual(['A UART in VHDL'])
    expect(searchBox(container).value).toBe('uart')
  })

  test('caches results per search and tag: coming back to a filter makes no new call', async () => {
    const { container } = await show('/blog')
    for (const text of ['uart', 'post', 'uart', '']) {
      await type(searchBox(container), text)
      await settle(150)
    }
    expect(fetched).toEqual(['/api/posts?search=uart&limit=100&order=relevance', '/api/posts?search=post&limit=100&order=relevance'])
    expect(titles(container)).toHaveLength(4)
  })

  test('shows Loading… only once a load has taken 150 ms, keeping the previous results until then', async () => {
    let release: () => void = () => {}
    api = (q) => (q.get('search') ? new Promise((resolve) => (release = () => resolve(json(200, { items: POSTS.slice(0, 1) })))) : json(200, { items: POSTS }))
    const { container } = await show('/blog')
    await travel('/blog?search=uart')
    await settle(40)
    expect(status(container)).toBe('')
    expect(titles(container)).toHaveLength(4)
    await settle(150)
    expect(status(container)).toBe('Loading…')
    expect(container.querySelector('.blog-list')?.getAttribute('aria-busy')).toBe('true')
    await act(async () => release())
    await settle()
    expect(status(container)).toBe('1 post')
    expect(titles(container)).toEqual(['A UART in VHDL'])
  })

  test('says so when no post matches', async () => {
    const { container } = await show('/blog?search=zzz')
    expect(container.textContent).toContain('No posts match those filters.')
    expect(container.querySelector('.blog-list')).toBeNull()
  })

  test('says so when the server fails', async () => {
    api = () => json(400, { ok: false, error: 'Database is down' })
    const { container } = await show('/blog')
    await travel('/blog?search=zzz')
    await settle()
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Failed to load posts: Database is down')
    expect(container.querySelector('.blog-list')).toBeNull()
  })

  test('Clear empties the box and the URL, dropping text not yet committed', async () => {
    const { container } = await show('/blog?search=uart&tag=fpga')
    await type(searchBox(container), 'uart x')
    const clear = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Clear')!
    await act(async () => clear.click())
    await settle(150)
    expect(written).toEqual([['push', '/blog']])
    expect(searchBox(container).value).toBe('')
    expect(titles(container)).toHaveLength(4)
  })

  test('follows the URL when it changes from outside (back, forward)', async () => {
    const { container } = await show('/blog?search=uart')
    await travel('/blog?search=post&tag=gpu')
    await settle(150)
    expect(searchBox(container).value).toBe('post')
    expect(titles(container)).toEqual(['Post 2'])
    expect(written).toEqual([])
  })

  test('on a static export filters the whole list it came with, in the page, from the address at once', async () => {
    // The file was rendered for /blog (no query); the visitor opened /blog?tag=fpga.
    const { container } = await show('/blog', { site: { staticSite: true } })
    await travel('/blog?tag=fpga')
    expect(titles(container)).toEqual(['A UART in VHDL', 'Post 4'])
    await type(searchBox(container), 'uart')
    await settle(150)
    expect(titles(container)).toEqual(['A UART in VHDL'])
    expect(written).toEqual([['replace', '/blog?search=uart&tag=fpga']])
    expect(fetched).toEqual([])
  })
})

describe('blog page, issue 22', () => {
  test('groups the posts by year under a heading each, posts one level below, and a search not at all', async () => {
    const dated = [
      { ...post(1, ['fpga'], 'New'), createdAt: '2026-03-01T00:00:00.000Z' },
      { ...post(2, ['gpu'], 'Older'), createdAt: '2025-12-31T23:59:59.000Z' },
      { ...post(3, ['gpu'], 'Oldest'), createdAt: '2025-01-01T00:00:00.000Z' },
    ]
    const posts = async (f: PostFilters) => (f.search ? dated.filter((p) => p.title.includes(f.search!)) : dated)
    const { container, unmount } = await show('/blog', { posts })
    const years = [...container.querySelectorAll('section.blog-year')].map((s) => ({
      year: s.querySelector('h2')?.textContent,
      posts: [...s.querySelectorAll('h3 a')].map((a) => a.textContent),
      labelled: s.getAttribute('aria-labelledby') === s.querySelector('h2')?.id,
    }))
    expect(years).toEqual([
      { year: '2026', posts: ['New'], labelled: true },
      { year: '2025', posts: ['Older', 'Oldest'], labelled: true },
    ])
    await unmount()
    const searched = await show('/blog?search=Old', { posts })
    expect(searched.container.querySelector('.blog-year')).toBeNull()
    expect([...searched.container.querySelectorAll('.blog-list h2 a')].map((a) => a.textContent)).toEqual(['Older', 'Oldest'])
  })

  test('has no Clear without a filter to clear, and one with a search or a tag', async () => {
    const clearButtons = (c: HTMLElement) => [...c.querySelectorAll('button')].filter((b) => b.textContent === 'Clear').length
    for (const [path, count] of [['/blog', 0], ['/blog?tag=fpga', 1], ['/blog?search=uart', 1]] as const) {
      const { container, unmount } = await show(path)
      expect({ path, count: clearButtons(container) }).toEqual({ path, count })
      await unmount()
    }
  })

  test('a blog with no posts says so, not that filters match nothing', async () => {
    const { container } = await show('/blog', { posts: async () => [] })
    expect(container.querySelector('.blog-empty')?.textContent).toBe('No posts yet.')
  })
})
