import { describe, expect, test } from 'bun:test'
import type { PostFilters, SiteData } from '#client/lib/site-data'
import type { PostSummary } from '#src/contract/post'
import type { ProjectListItem } from '#src/contract/project'
import { ApiError } from '#client/lib/api'
import { HomePage } from '#client/site/pages/home-page'
import { renderAt, settle } from '#tests/support/component/render'

const projects: ProjectListItem[] = ['one', 'two', 'three', 'four'].map((slug) => ({ slug, title: `Project ${slug}`, summary: `About ${slug}.`, tags: ['A', 'B', 'C', 'D', 'E'] }))
const post = (slug: string, createdAt: string, readingMinutes: number): PostSummary => ({
  slug,
  title: `Post ${slug}`,
  summary: `Summary of ${slug}.`,
  tags: ['x'],
  readingMinutes,
  createdAt,
  updatedAt: createdAt,
  status: 'published',
})
// 23:30 in New York on 8 November is already 9 November in UTC, which is what the page shows.
const posts = [post('late', '2026-11-08T23:30:00-05:00', 7), post('mid', '2026-10-18T08:45:00.000Z', 2), post('early', '2026-01-02T00:00:00.000Z', 1)]

async function show(data: Partial<SiteData> = {}) {
  const postCalls: PostFilters[] = []
  const r = await renderAt('/', <HomePage />, {
    data: { projects: async () => projects, posts: async (f) => (postCalls.push(f), posts), ...data },
    site: { siteName: 'Rowan', heroTitle: 'I build fast systems.', tagline: 'From gates to browsers.', heroSubtitle: 'Engineer across CUDA and VHDL.' },
  })
  await settle()
  return { c: r.container, postCalls }
}

describe('home page', () => {
  test('shows the hero with the site name, title, tagline and the three buttons', async () => {
    const { c } = await show()
    expect(c.querySelectorAll('h1')).toHaveLength(1)
    expect(c.querySelector('.hero h1')?.textContent).toBe('I build fast systems.')
    expect(c.querySelector('.hero .hero-name')?.textContent).toBe('Rowan')
    expect(c.querySelector('.hero .tagline')?.textContent).toBe('From gates to browsers.')
    const buttons = [...c.querySelectorAll('.hero-actions a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(buttons).toEqual([
      ['View Projects', '/projects'],
      ['Read Blog', '/blog'],
      ['Contact', '/contact'],
    ])
  })

  test('has an About section with the owner\'s about text (settings, rendered markdown)', async () => {
    const aboutHtml = '<p>Engineer across CUDA and VHDL.</p><p>Read the <a href="/blog">blog</a>.</p>'
    const r = await renderAt('/', <HomePage />, { data: { projects: async () => projects, posts: async () => posts }, site: { aboutHtml } })
    await settle()
    const about = r.container.querySelector('section.about')!
    expect(about.querySelector('h2')?.textContent).toBe('About')
    expect(about.querySelector('.prose')!.innerHTML).toBe(aboutHtml)
  })

  test('without about text the subtitle stands in; with neither there is no About section', async () => {
    const { c } = await show()
    expect(c.querySelector('section.about p')?.textContent).toBe('Engineer across CUDA and VHDL.')
    const r = await renderAt('/', <HomePage />, { data: { projects: async () => projects, posts: async () => posts }, site: { aboutHtml: '', heroSubtitle: '' } })
    await settle()
    expect(r.container.querySelector('section.about')).toBeNull()
  })

  test('shows the owner\'s photo and links (rel=me) when set, and no empty list when not', async () => {
    const { c } = await show()
    // No photo: the owner's initials stand in its place, hidden from screen readers (the name follows).
    expect(c.querySelector('img.hero-photo')).toBeNull()
    expect(c.querySelector('.hero-monogram')?.textContent).toBe('R')
    expect(c.querySelector('.hero-monogram')?.getAttribute('aria-hidden')).toBe('true')
    expect([...c.querySelectorAll('.hero-links a')].map((a) => a.getAttribute('href'))).toEqual(['https://github.com/test', 'https://www.linkedin.com/in/test'])
    const links = { github: null, linkedin: null, email: 'me@example.com', mastodon: 'https://fosstodon.org/@me', bluesky: null, x: null, website: null }
    const r = await renderAt('/', <HomePage />, { data: { projects: async () => projects, posts: async () => posts }, site: { avatar: '/uploads/images/abc.webp', siteName: 'Me', links } })
    await settle()
    const photo = r.container.querySelector('img.hero-photo')!
    expect(photo.getAttribute('src')).toBe('/uploads/images/abc.webp')
    expect(photo.getAttribute('alt')).toBe('Me')
    const anchors = [...r.container.querySelectorAll('.hero-links a')]
    expect(anchors.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('rel')])).toEqual([
      ['Mastodon', 'https://fosstodon.org/@me', 'me noopener noreferrer'],
      ['Email', 'mailto:me@example.com', null],
    ])
    const none = await renderAt('/', <HomePage />, { data: { projects: async () => projects, posts: async () => posts }, site: { links: { ...links, email: null, mastodon: null } } })
    await settle()
    expect(none.container.querySelector('.hero-links')).toBeNull()
  })

  test('features the first three projects as cards one heading level below the section', async () => {
    const { c } = await show()
    const section = c.querySelector('section[aria-labelledby="featured-title"]')!
    expect(section.querySelector('h2')?.textContent).toBe('Featured projects')
    const cards = [...section.querySelectorAll('.home-project-card h3 a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(cards).toEqual([
      ['Project one', '/projects/one'],
      ['Project two', '/projects/two'],
      ['Project three', '/projects/three'],
    ])
    expect(section.querySelector('.more-link')?.getAttribute('href')).toBe('/projects')
  })

  test('lists the three latest posts with their UTC date and reading time', async () => {
    const { c, postCalls } = await show()
    expect(postCalls).toEqual([{ limit: 3 }])
    const items = [...c.querySelectorAll('.home-posts > li')]
    expect(items.map((li) => li.querySelector('h3 a')?.getAttribute('href'))).toEqual(['/blog/late', '/blog/mid', '/blog/early'])
    const first = items[0]!
    expect(first.querySelector('time')?.textContent).toBe('9 Nov 2026')
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-08T23:30:00-05:00')
    expect(first.querySelector('.reading-time')?.textContent).toBe('7 min')
    expect(first.querySelector('.home-post-summary')?.textContent).toBe('Summary of late.')
    expect(c.querySelector('section[aria-labelledby="latest-title"] .more-link')?.getAttribute('href')).toBe('/blog')
  })

  test('shows the error texts when projects or posts fail to load', async () => {
    const { c } = await show({
      projects: () => Promise.reject(new ApiError(500, { error: 'Projects are down' }, 'x')),
      posts: () => Promise.reject(new ApiError(502, undefined, '')),
    })
    const alerts = [...c.querySelectorAll('[role="alert"]')].map((a) => a.textContent)
    expect(alerts).toEqual(['Failed to load projects: Projects are down', 'Failed to load posts: Request failed (502)'])
    // The hero never depends on data.
    expect(c.querySelector('.hero-actions')).not.toBeNull()
  })

  test('says so when there is nothing to feature yet', async () => {
    const { c } = await show({ projects: async () => [], posts: async () => [] })
    expect([...c.querySelectorAll('.empty')].map((p) => p.textContent)).toEqual(['No projects yet.', 'No posts yet.'])
  })
})

describe('home identity, issue 22', () => {
  test('each link of the owner carries its icon, hidden from screen readers: the link is named by its text', async () => {
    const { c } = await show()
    for (const a of c.querySelectorAll('.hero-links a')) {
      expect(a.querySelector('svg.social-icon')?.getAttribute('aria-hidden')).toBe('true')
      expect(a.textContent!.length).toBeGreaterThan(0)
    }
  })

  test('the name leads the hero, before the headline', async () => {
    const { c } = await show()
    const hero = c.querySelector('.hero')!
    const order = [...hero.querySelectorAll('.hero-name, h1')].map((e) => e.tagName)
    expect(order).toEqual(['P', 'H1'])
  })
})
