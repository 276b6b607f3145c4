import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { Project } from '#src/contract/project'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { Router } from 'wouter'
import { ApiError } from '#client/lib/api'
import { SiteProvider } from '#client/lib/site-context'
import { ProjectPage } from '#client/site/pages/project-page'
import { startProjectHero } from '#client/site/reading-script'
import { emptyData, renderAt, settle, testSite } from '#tests/support/component/render'

const project = (over: Partial<Project> = {}): Project => ({
  title: 'Scopelet',
  slug: 'scopelet',
  summary: 'A pocket oscilloscope.',
  role: 'Hardware and HDL',
  tags: ['FPGA', 'Signal processing'],
  bodyMD: '## Signal chain',
  bodyHtml: '<h2 id="signal-chain">Signal chain</h2><p>Two <strong>ADCs</strong>.</p>',
  heroImage: '/media/projects/scopelet.svg',
  gallery: ['/media/a.svg', '/media/b.svg'],
  demoLinks: { embedPath: '/demo/dapp', video: '/media/fpga-scope.mp4', repo: 'https://github.com/x/scopelet', caseStudy: '/blog/scopelet' },
  metrics: { 'Sample rate (MS/s)': 100, 'LUT utilisation': '18%' },
  order: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  status: 'published',
  ...over,
})

async function show(p: Project | (() => Promise<Project>)) {
  const load = typeof p === 'function' ? p : async () => p
  const r = await renderAt('/projects/scopelet', <ProjectPage params={{ slug: 'scopelet' }} />, { data: { project: load } })
  await settle()
  return r.container
}

const imgProto = Object.getPrototypeOf(document.createElement('img')) as object
const completeGetter = Object.getOwnPropertyDescriptor(imgProto, 'complete')!
afterEach(() => {
  Object.defineProperty(imgProto, 'complete', completeGetter)
})
// happy-dom never loads frames and logs each one it is asked to load; that is expected here.
const consoleError = console.error
beforeAll(() => {
  console.error = (...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) consoleError(...args)
  }
})
afterAll(() => {
  console.error = consoleError
})
/** Pretend images are still downloading (happy-dom reports every image as complete). */
const imagesStillLoading = () => Object.defineProperty(imgProto, 'complete', { get: () => false, configurable: true })

describe('project page', () => {
  test('shows the title, summary, role, tags linking to the filtered list, and a link back', async () => {
    const c = await show(project())
    expect(c.querySelector('h1')?.textContent).toBe('Scopelet')
    expect(c.querySelectorAll('h1').length).toBe(1)
    expect(c.querySelector('.lede')?.textContent).toBe('A pocket oscilloscope.')
    expect(c.querySelector('.project-role')?.textContent).toBe('Role Hardware and HDL')
    const tags = [...c.querySelectorAll('.project-header a.tag')].map((a) => a.getAttribute('href'))
    expect(tags).toEqual(['/projects?tag=FPGA', '/projects?tag=Signal%20processing'])
    expect(c.querySelector('.back-link a')?.getAttribute('href')).toBe('/projects')
  })

  // The page's script marks the hero (client/site/reading-script.ts); no React runs for it (decision 066).
  test('shows the hero image only once it has loaded, in a frame that keeps its space', async () => {
    imagesStillLoading()
    const c = await show(project())
    startProjectHero()
    const figure = c.querySelector('figure.project-hero') as HTMLElement
    const img = figure.querySelector('img')!
    expect(figure.dataset.state).toBe('loading')
    expect(img.getAttribute('src')).toBe('/media/projects/scopelet.svg')
    expect(img.getAttribute('alt')).toBe('Scopelet')
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '630'])
    await act(async () => void img.dispatchEvent(new Event('load')))
    expect(figure.dataset.state).toBe('loaded')
  })

  test('the server HTML hides nothing by itself and carries the muted attribute autoplay needs', async () => {
    const qc = new QueryClient()
    qc.setQueryData(['project', 'scopelet'], project())
    const html = renderToString(
      <QueryClientProvider client={qc}>
        <SiteProvider site={testSite} data={emptyData}>
          <Router ssrPath="/projects/scopelet">
            <ProjectPage params={{ slug: 'scopelet' }} />
          </Router>
        </SiteProvider>
      </QueryClientProvider>,
    )
    // The stylesheet hides a loading hero only under html.js, so without JavaScript it shows.
    expect(html).toContain('<figure class="project-hero" data-state="loading"><picture><img')
    expect(html).toMatch(/<video[^>]* muted=""[^>]* loop=""[^>]* autoPlay=""[^>]* playsInline=""/)
  })

  test('reveals a hero image that finished loading before the page script ran', async () => {
    const c = await show(project())
    // happy-dom reports every image complete with no pixels, as a browser reports a broken one.
    Object.defineProperty(c.querySelector('.project-hero img')!, 'naturalWidth', { value: 1200 })
    startProjectHero()
    expect((c.querySelector('figure.project-hero') as HTMLElement).dataset.state).toBe('loaded')
  })

  // Changed in issue 33: a broken hero is marked `error` (projects.css gives it no box) instead of
  // being removed by React.
  test('drops a hero image that fails to load, and has none when the project has none', async () => {
    imagesStillLoading()
    const c = await show(project())
    startProjectHero()
    await act(async () => void c.querySelector('.project-hero img')!.dispatchEvent(new Event('error')))
    expect((c.querySelector('figure.project-hero') as HTMLElement).dataset.state).toBe('error')
    const plain = await show(project({ heroImage: undefined }))
    expect(plain.querySelector('.project-hero')).toBeNull()
  })

  test('embeds the live app at height 640 and plays a video file muted and looping at height 480', async () => {
    const c = await show(project())
    const frame = c.querySelector('iframe.live-frame')!
    expect(frame.getAttribute('src')).toBe('/demo/dapp')
    expect(frame.getAttribute('height')).toBe('640')
    expect(frame.getAttribute('loading')).toBe('lazy')
    expect(frame.getAttribute('title')).toBe('Scopelet: live app')
    const video = c.querySelector('video.video-frame') as HTMLVideoElement
    expect(video.getAttribute('height')).toBe('480')
    expect([video.muted, video.loop, video.autoplay, video.controls]).toEqual([true, true, true, true])
    expect(video.hasAttribute('playsinline')).toBe(true)
    const source = video.querySelector('source')!
    expect([source.getAttribute('src'), source.getAttribute('type')]).toEqual(['/media/fpga-scope.mp4', 'video/mp4'])
  })

  test.each([
    ['https://www.youtube.com/watch?v=q8Xf3LmT0wE', 'https://www.youtube-nocookie.com/embed/q8Xf3LmT0wE?autoplay=1&mute=1&loop=1&playlist=q8Xf3LmT0wE&playsinline=1&rel=0'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?autoplay=1&muted=1&loop=1'],
  ])('shows the video %s as an embed frame of height 480', async (video, src) => {
    const c = await show(project({ demoLinks: { video } }))
    expect(c.querySelector('video')).toBeNull()
    expect(c.querySelector('iframe.live-frame')).toBeNull()
    const frame = c.querySelector('iframe.video-frame')!
    expect(frame.getAttribute('src')).toBe(src)
    expect(frame.getAttribute('height')).toBe('480')
    expect(frame.getAttribute('title')).toBe('Scopelet: video')
    expect(frame.getAttribute('allow')).toContain('autoplay')
  })

  test('the Having issues? line opens the live app and the original video link in a new tab', async () => {
    const video = 'https://youtu.be/q8Xf3LmT0wE'
    const c = await show(project({ demoLinks: { embedPath: '/demo/dapp', video } }))
    const line = c.querySelector('.having-issues')!
    expect(line.textContent).toStartWith('Having issues?')
    const links = [...line.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])
    expect(links).toEqual([
      ['/demo/dapp', '_blank', 'noopener noreferrer'],
      [video, '_blank', 'noopener noreferrer'],
    ])
  })

  test('has no demo section when there is neither a live app nor a video', async () => {
    const c = await show(project({ demoLinks: { repo: 'https://github.com/x/y' } }))
    expect(c.querySelector('.project-media')).toBeNull()
    expect(c.textContent).not.toContain('Having issues?')
  })

  test('renders the stored HTML body, then Outcomes as label: value', async () => {
    const c = await show(project())
    const prose = c.querySelector('.prose')!
    expect(prose.querySelector('h2#signal-chain')?.textContent).toBe('Signal chain')
    expect(prose.querySelector('strong')?.textContent).toBe('ADCs')
    const outcomes = c.querySelector('.outcomes')!
    expect(outcomes.querySelector('h2')?.textContent).toBe('Outcomes')
    expect([...outcomes.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Sample rate (MS/s): 100', 'LUT utilisation: 18%'])
    // The body comes before the outcomes.
    expect(prose.compareDocumentPosition(outcomes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  test('leaves out Outcomes, links and gallery when the project has none', async () => {
    const c = await show(project({ metrics: {}, gallery: [], demoLinks: {} }))
    expect(c.textContent).not.toContain('Outcomes')
    expect(c.querySelector('.project-links')).toBeNull()
    expect(c.querySelector('.project-gallery')).toBeNull()
  })

  test('lists the other demo links by name and the gallery as lazy images with alt text', async () => {
    const c = await show(project())
    const links = [...c.querySelectorAll('.project-links a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Source code', 'https://github.com/x/scopelet'],
      ['Case study', '/blog/scopelet'],
    ])
    const imgs = [...c.querySelectorAll('.project-gallery img')]
    expect(imgs.map((i) => [i.getAttribute('src'), i.getAttribute('loading'), i.getAttribute('alt')])).toEqual([
      ['/media/a.svg', 'lazy', 'Scopelet: image 1 of 2'],
      ['/media/b.svg', 'lazy', 'Scopelet: image 2 of 2'],
    ])
  })

  test('shows Loading… while the project loads, and the error message when it fails', async () => {
    const loading = await show(() => new Promise<Project>(() => {}))
    expect(loading.querySelector('[role="status"]')?.textContent).toBe('Loading…')
    expect(loading.querySelector('.back-link a')?.getAttribute('href')).toBe('/projects')
    const failed = await show(() => Promise.reject(new ApiError(404, { error: 'Project not found' }, 'Not Found')))
    expect(failed.querySelector('[role="alert"]')?.textContent).toBe('Project not found')
    expect(failed.querySelector('h1')).toBeNull()
  })
})
