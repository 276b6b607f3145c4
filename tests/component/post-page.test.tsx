import { describe, expect, test } from 'bun:test'
import type { PostWithNeighbours } from '#src/contract/post'
import { ApiError } from '#client/lib/api'
import { PostPage } from '#client/site/pages/post-page'
import { renderAt, settle } from '#tests/support/component/render'

const POST: PostWithNeighbours = {
  title: 'A UART in 80 lines of VHDL',
  slug: 'uart',
  summary: 'A transmitter and a receiver on one screen.',
  tags: ['fpga', 'vhdl'],
  readingMinutes: 6,
  createdAt: '2025-10-05T23:30:00.000Z',
  updatedAt: '2025-10-06T08:00:00.000Z',
  bodyMD: '# ignored',
  bodyHtml: '<h2 id="frame">The frame</h2><figure class="code"><button type="button" class="copy" data-copy>Copy</button><pre>x &lt;= y;</pre></figure>',
  status: 'published',
  toc: false,
  headings: [],
  prev: { slug: 'newer-one', title: 'A newer post' },
  next: { slug: 'older-one', title: 'An older post' },
}

const render = (post: (slug: string) => Promise<PostWithNeighbours>) => renderAt('/blog/uart', <PostPage params={{ slug: 'uart' }} />, { data: { post } })
const never = () => new Promise<never>(() => {})

describe('post page', () => {
  test('shows date, N min read, title, summary, tag links and the server-rendered body', async () => {
    const slugs: string[] = []
    const { container } = await render(async (slug) => (slugs.push(slug), POST))
    await settle()
    expect(slugs).toEqual(['uart'])
    expect(container.querySelectorAll('h1')).toHaveLength(1)
    expect(container.querySelector('h1')?.textContent).toBe('A UART in 80 lines of VHDL')
    expect(container.querySelector('.reading-time')?.textContent).toBe('6 min read')
    const time = container.querySelector('.post-meta time')!
    expect(time.getAttribute('datetime')).toBe('2025-10-05T23:30:00.000Z')
    expect(time.textContent).toBe('5 Oct 2025')
    expect(container.querySelector('.post-header .lede')?.textContent).toBe('A transmitter and a receiver on one screen.')
    expect([...container.querySelectorAll('.post-header a.tag')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['fpga', '/blog?tag=fpga'],
      ['vhdl', '/blog?tag=vhdl'],
    ])
    const prose = container.querySelector('div.prose')!
    expect(prose.querySelector('h2#frame')?.textContent).toBe('The frame')
    expect(prose.querySelector('figure.code button[data-copy]')).not.toBeNull()
  })

  test('says when a post was updated on a later day than it was published, and only then', async () => {
    const later = await render(async () => POST)
    await settle()
    const updated = later.container.querySelector('.post-updated')!
    expect(updated.textContent).toBe('Updated 6 Oct 2025')
    expect(updated.querySelector('time')!.getAttribute('datetime')).toBe('2025-10-06T08:00:00.000Z')
    const sameDay = await render(async () => ({ ...POST, updatedAt: '2025-10-05T23:59:00.000Z' }))
    await settle()
    expect(sameDay.container.querySelector('.post-updated')).toBeNull()
  })

  test('links the newer post as previous and the older one as next inside Post navigation', async () => {
    const { container } = await render(async () => POST)
    await settle()
    const nav = container.querySelector('nav[aria-label="Post navigation"]')!
    const links = [...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])
    expect(links).toEqual([
      ['← Newer: A newer post', '/blog/newer-one', 'prev'],
      ['Older: An older post →', '/blog/older-one', 'next'],
    ])
  })

  test.each([
    ['only an older post', { prev: null, next: POST.next }, ['/blog/older-one']],
    ['only a newer post', { prev: POST.prev, next: null }, ['/blog/newer-one']],
  ])('shows one link when there is %s', async (_name, neighbours, hrefs) => {
    const { container } = await render(async () => ({ ...POST, ...neighbours }))
    await settle()
    expect([...container.querySelectorAll('.post-nav a')].map((a) => a.getAttribute('href'))).toEqual(hrefs)
  })

  test('has no post navigation for a lone post', async () => {
    const { container } = await render(async () => ({ ...POST, prev: null, next: null }))
    await settle()
    expect(container.querySelector('.post-nav')).toBeNull()
  })

  test('shows Loading… once the post has taken 150 ms to come', async () => {
    const { container } = await render(never)
    await settle(20)
    expect(container.querySelector('[role="status"]')?.textContent).toBe('')
    await settle(200)
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Loading…')
  })

  test('shows the 404 page when the post does not exist', async () => {
    const { container } = await render(() => Promise.reject(new ApiError(404, { ok: false, error: 'Post not found.' }, 'Post not found.')))
    await settle()
    expect(container.querySelector('h1')?.textContent).toBe('Page not found')
  })

  test('shows the error text when loading fails otherwise', async () => {
    const { container } = await render(() => Promise.reject(new ApiError(503, undefined, '')))
    await settle()
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Failed to load post: Request failed (503)')
    expect(container.querySelector('a[href="/blog"]')).not.toBeNull()
  })
})
