import { describe, expect, test } from 'bun:test'
import { QueryClient } from '@tanstack/react-query'
import { act } from 'react'
import type { PostSummary } from '#src/contract/post'
import { ApiError } from '#client/lib/api'
import type { PostFilters, SiteData } from '#client/lib/site-data'
import { BlogPage, blogFilters, prefetchBlog } from '#client/site/pages/blog-page'
import { renderAt, settle } from '#tests/support/component/render'

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

/** A posts source that filters like the API, records its calls and can be slowed or broken. */
function source(answer?: (f: PostFilters) => Promise<PostSummary[]>) {
  const calls: PostFilters[] = []
  const posts = (f: PostFilters) => {
    calls.push(f)
    if (answer) return answer(f)
    const q = f.search?.toLowerCase()
    return Promise.resolve(POSTS.filter((p) => (!f.tag || p.tags.includes(f.tag)) && (!q || p.title.toLowerCase().includes(q))))
  }
  return { calls, posts }
}

const titles = (c: HTMLElement) => [...c.querySelectorAll('.post-card .card-title a')].map((a) => a.textContent)
const searchBox = (c: HTMLElement) => c.querySelector('input[type="search"]') as HTMLInputElement
const filteredCalls = (calls: PostFilters[]) => calls.filter((f) => f.search || f.tag)

/** Types into a React-controlled input the way a user does. */
async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

describe('blog page', () => {
  test("links the blog's feeds, or a chosen tag's when it has posts", async () => {
    const feeds = (c: HTMLElement) => [...c.querySelectorAll('.blog-feeds a')].map((a) => a.getAttribute('href'))
    const whole = await renderAt('/blog', <BlogPage />, { data: { posts: source().posts } })
    await settle()
    expect(feeds(whole.container)).toEqual(['/feed.xml', '/feed.json'])
    whole.unmount()
    const tagged = await renderAt('/blog?tag=FPGA', <BlogPage />, { data: { posts: source().posts } })
    await settle()
    expect(tagged.container.querySelector('.blog-feeds')?.textContent).toContain('Follow posts tagged FPGA')
    expect(feeds(tagged.container)).toEqual(['/blog/tag/FPGA/feed.xml', '/blog/tag/FPGA/feed.json'])
    tagged.unmount()
    const unknown = await renderAt('/blog?tag=nothing%20here', <BlogPage />, { data: { posts: source().posts } })
    await settle()
    expect(feeds(unknown.container)).toEqual(['/feed.xml', '/feed.json'])
    unknown.unmount()
  })

  test('shows a card per post linking to /blog/{slug}, with summary, tags and N min', async () => {
    const { posts } = source()
    const { container } = await renderAt('/blog', <BlogPage />, { data: { posts } })
    await settle()
    expect(container.querySelector('h1')?.textContent).toBe('Blog')
    expect(titles(container)).toEqual(['A UART in VHDL', 'Post 2', 'Post 3', 'Post 4'])
    const first = container.querySelector('.post-card')!
    expect(first.querySelector('.card-title a')?.getAttribute('href')).toBe('/blog/post-1')
    expect(first.querySelector('.post-summary')?.textContent).toBe('Summary of post 1.')
    expect(first.querySelector('.reading-time')?.textContent).toBe('1 min')
    expect(first.querySelector('time')?.textContent).toBe('15 Feb 2025')
    expect([...first.querySelectorAll('a.tag')].map((a) => a.getAttribute('href'))).toEqual(['/blog?tag=vhdl', '/blog?tag=fpga'])
  })

  test('puts the first 8 tags alphabetically in chips and the rest under More tags…', async () => {
    const { posts } = source()
    const { container } = await renderAt('/blog', <BlogPage />, { data: { posts } })
    await settle()
    const chips = [...container.querySelectorAll('.tag-chips a')].map((a) => a.textContent)
    expect(chips).toEqual(['arduino', 'Bun', 'cpp', 'cuda', 'embedded', 'fpga', 'gpu', 'rust'])
    expect(container.querySelector('.more-tags summary')?.textContent).toBe('More tags…')
    expect([...container.querySelectorAll('.more-tags-list a')].map((a) => a.textContent)).toEqual(['sqlite', 'vhdl', 'zig'])
    expect(container.querySelector('.tag-chips a')?.getAttribute('href')).toBe('/blog?tag=arduino')
  })

  test('More tags… closes on Escape (focus back on it), on a click outside and when a tag is picked', async () => {
    const { posts } = source()
    const { container, location } = await renderAt('/blog', <BlogPage />, { data: { posts } })
    await settle()
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
    expect(details.open).toBe(false)
    expect(location.history!.at(-1)).toBe('/blog?tag=sqlite')
  })

  test('offers every tag in one Filter by tag… dropdown that sets the tag in the URL', async () => {
    const { posts } = source()
    const { container, location } = await renderAt('/blog?search=uart', <BlogPage />, { data: { posts } })
    await settle()
    const select = container.querySelector('.tag-select select') as HTMLSelectElement
    expect(container.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Filter by tag…')
    expect([...select.options].map((o) => o.textContent)).toEqual(['Filter by tag…', 'arduino', 'Bun', 'cpp', 'cuda', 'embedded', 'fpga', 'gpu', 'rust', 'sqlite', 'vhdl', 'zig'])
    await act(async () => {
      select.value = 'zig'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect(location.history!.at(-1)).toBe('/blog?search=uart&tag=zig')
  })

  test('reads search and tag from the URL, marks the active tag and lets its chip clear it', async () => {
    const { posts, calls } = source()
    const { container } = await renderAt('/blog?search=%20uart%20&tag=fpga', <BlogPage />, { data: { posts } })
    await settle()
    expect(filteredCalls(calls)).toEqual([{ search: 'uart', tag: 'fpga', limit: 100, order: 'relevance' }])
    expect(titles(container)).toEqual(['A UART in VHDL'])
    expect(searchBox(container).value).toBe('uart')
    const active = container.querySelector('.tag-chips a[aria-current="true"]')!
    expect(active.textContent).toBe('fpga')
    expect(active.getAttribute('href')).toBe('/blog?search=uart')
    expect(container.querySelector('.tag-chips a[href="/blog?search=uart&tag=cpp"]')).not.toBeNull()
  })

  test('shows an active tag from beyond the first 8 as a chip as well', async () => {
    const { posts } = source()
    const { container } = await renderAt('/blog?tag=zig', <BlogPage />, { data: { posts } })
    await settle()
    const chips = [...container.querySelectorAll('.tag-chips a')]
    expect(chips.map((a) => a.textContent)).toHaveLength(9)
    expect(chips.at(-1)?.getAttribute('aria-current')).toBe('true')
    expect(chips.at(-1)?.textContent).toBe('zig')
  })

  test('puts typed text into the URL with replace, only after 100 ms of quiet', async () => {
    const { posts, calls } = source()
    const { container, location } = await renderAt('/blog?tag=fpga', <BlogPage />, { data: { posts } })
    await settle()
    await type(searchBox(container), 'ua')
    await settle(20)
    await type(searchBox(container), 'uart')
    await settle(20)
    expect(location.history).toEqual(['/blog?tag=fpga'])
    await settle(120)
    expect(location.history).toEqual(['/blog?search=uart&tag=fpga'])
    await settle()
    expect(filteredCalls(calls).map((f) => f.search)).toEqual([undefined, 'uart'])
    expect(titles(container)).toEqual(['A UART in VHDL'])
    expect(searchBox(container).value).toBe('uart')
  })

  test('caches results per search and tag: coming back to a filter makes no new call', async () => {
    const { posts, calls } = source()
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } })
    const { container } = await renderAt('/blog', <BlogPage />, { data: { posts }, qc })
    await settle()
    for (const text of ['uart', 'post', 'uart', '']) {
      await type(searchBox(container), text)
      await settle(150)
    }
    expect(calls.map((f) => f.search ?? '')).toEqual(['', 'uart', 'post'])
    expect(titles(container)).toHaveLength(4)
  })

  test('shows Loading… only once a load has taken 150 ms, keeping the previous results until then', async () => {
    let release: () => void = () => {}
    const { posts } = source((f) =>
      f.search ? new Promise((resolve) => (release = () => resolve(POSTS.slice(0, 1)))) : Promise.resolve(POSTS),
    )
    const { container, location } = await renderAt('/blog', <BlogPage />, { data: { posts } })
    await settle()
    await act(async () => location.navigate('/blog?search=uart', { replace: true }))
    await settle(40)
    expect(container.querySelector('.blog-status')?.textContent).toBe('')
    expect(titles(container)).toHaveLength(4)
    await settle(150)
    expect(container.querySelector('.blog-status')?.textContent).toBe('Loading…')
    await act(async () => release())
    await settle()
    expect(container.querySelector('.blog-status')?.textContent).toBe('1 post')
    expect(titles(container)).toEqual(['A UART in VHDL'])
  })

  test.each([
    ['no post matches', () => Promise.resolve([]), 'No posts match those filters.'],
    ['the server fails', () => Promise.reject(new ApiError(500, { ok: false, error: 'Database is down' }, 'x')), 'Failed to load posts: Database is down'],
  ])('says so when %s', async (_name, answer, text) => {
    const { posts } = source(answer)
    const { container } = await renderAt('/blog?search=zzz', <BlogPage />, { data: { posts } })
    await settle()
    expect(container.textContent).toContain(text)
    expect(container.querySelector('.blog-list')).toBeNull()
  })

  test('Clear empties the box and the URL, dropping text not yet committed', async () => {
    const { posts } = source()
    const { container, location } = await renderAt('/blog?search=uart&tag=fpga', <BlogPage />, { data: { posts } })
    await settle()
    await type(searchBox(container), 'uart x')
    const clear = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Clear')!
    await act(async () => clear.click())
    await settle(150)
    expect(location.history!.at(-1)).toBe('/blog')
    expect(searchBox(container).value).toBe('')
    expect(titles(container)).toHaveLength(4)
  })

  test('follows the URL when it changes from outside (back, a tag link elsewhere)', async () => {
    const { posts } = source()
    const { container, location } = await renderAt('/blog?search=uart', <BlogPage />, { data: { posts } })
    await settle()
    await act(async () => location.navigate('/blog?search=post&tag=gpu'))
    await settle(150)
    expect(searchBox(container).value).toBe('post')
    expect(location.history!.at(-1)).toBe('/blog?search=post&tag=gpu')
    expect(titles(container)).toEqual(['Post 2'])
  })

  test('the server prefetch fills exactly the queries the page reads: no call after hydration', async () => {
    const { posts, calls } = source()
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
    const search = new URLSearchParams('search=uart&tag=fpga')
    await prefetchBlog(qc, { posts } as unknown as SiteData, search)
    expect(calls).toEqual([{ search: 'uart', tag: 'fpga', limit: 100, order: 'relevance' }, { limit: 100 }])
    const { container } = await renderAt('/blog?search=uart&tag=fpga', <BlogPage />, { data: { posts }, qc })
    await settle()
    expect(calls).toHaveLength(2)
    expect(titles(container)).toEqual(['A UART in VHDL'])
    expect(container.querySelectorAll('.tag-chips a')).toHaveLength(8)
    expect(blogFilters(search)).toEqual({ search: 'uart', tag: 'fpga', limit: 100, order: 'relevance' })
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
    const { container } = await renderAt('/blog', <BlogPage />, { data: { posts } })
    await settle()
    const years = [...container.querySelectorAll('section.blog-year')].map((s) => ({
      year: s.querySelector('h2')?.textContent,
      posts: [...s.querySelectorAll('h3 a')].map((a) => a.textContent),
      labelled: s.getAttribute('aria-labelledby') === s.querySelector('h2')?.id,
    }))
    expect(years).toEqual([
      { year: '2026', posts: ['New'], labelled: true },
      { year: '2025', posts: ['Older', 'Oldest'], labelled: true },
    ])
    const searched = await renderAt('/blog?search=Old', <BlogPage />, { data: { posts } })
    await settle()
    expect(searched.container.querySelector('.blog-year')).toBeNull()
    expect([...searched.container.querySelectorAll('.blog-list h2 a')].map((a) => a.textContent)).toEqual(['Older', 'Oldest'])
  })

  test('has no Clear without a filter to clear, and one with a search or a tag', async () => {
    const { posts } = source()
    const clearButtons = (c: HTMLElement) => [...c.querySelectorAll('button')].filter((b) => b.textContent === 'Clear').length
    expect(clearButtons((await renderAt('/blog', <BlogPage />, { data: { posts } })).container)).toBe(0)
    expect(clearButtons((await renderAt('/blog?tag=fpga', <BlogPage />, { data: { posts } })).container)).toBe(1)
    expect(clearButtons((await renderAt('/blog?search=uart', <BlogPage />, { data: { posts } })).container)).toBe(1)
  })

  test("a blog with no posts says so, not that filters match nothing", async () => {
    const { container } = await renderAt('/blog', <BlogPage />, { data: { posts: async () => [] } })
    await settle()
    expect(container.querySelector('.blog-empty')?.textContent).toBe('No posts yet.')
  })
})
