// /projects and /projects/{slug} in real Chromium: filters in the URL, order sync, hero, media.
import { describe, expect, test } from 'bun:test'
import { newPage, visit } from '#tests/support/browser/browser'
import { useSiteAndBrowser } from '#tests/support/browser/e2e'
import { gate, requestsTo, textsOf } from '#tests/support/browser/e2e-watch'

const site = useSiteAndBrowser()
const CARD_TITLES = '.project-grid .card-title'
const slugOf = (href: string | null) => href?.replace('/projects/', '') ?? ''

describe('/projects', () => {
  test('the search form puts the text in the URL and narrows the list; the Filters line appears only then', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/projects'))
    expect(await page.locator('p.filters').count()).toBe(0)
    expect(await page.locator(CARD_TITLES).count()).toBe(8)
    await page.getByLabel('Search projects').fill('cuda')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((u) => u.search === '?search=cuda')
    await page.waitForFunction(() => document.querySelectorAll('.project-grid .card-title').length === 1)
    expect(await textsOf(page, CARD_TITLES)).toEqual(['Lattice-Boltzmann fluid solver in CUDA'])
    expect(await page.locator('p.filters').innerText()).toContain('search “cuda”')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a tag link filters by tag, a search keeps the tag, and Clear filters brings every project back', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/projects'))
    await page.locator('.project-grid .tags a', { hasText: /^FPGA$/ }).first().click()
    await page.waitForURL((u) => u.search === '?tag=FPGA')
    await page.waitForFunction(() => document.querySelectorAll('.project-grid .card-title').length === 2)
    expect(await textsOf(page, CARD_TITLES)).toEqual(['Scopelet: a 100 MS/s FPGA oscilloscope', 'Tinsel: an RV32I core in Verilog'])
    expect(await page.locator('p.filters').innerText()).toContain('tag FPGA')
    await page.getByLabel('Search projects').fill('verilog')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.waitForURL((u) => u.search === '?search=verilog&tag=FPGA')
    await page.waitForFunction(() => document.querySelectorAll('.project-grid .card-title').length === 1)
    await page.getByRole('link', { name: 'Clear filters' }).click()
    await page.waitForURL((u) => u.pathname === '/projects' && u.search === '')
    await page.waitForFunction(() => document.querySelectorAll('.project-grid .card-title').length === 8)
    expect(await page.locator('p.filters').count()).toBe(0)
    expect(await page.getByLabel('Search projects').inputValue()).toBe('')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a search with no match shows 'No projects yet.'", async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/projects'))
    await page.getByLabel('Search projects').fill('no-such-project-anywhere')
    await page.getByRole('button', { name: 'Search' }).click()
    await page.getByText('No projects yet.').waitFor()
    expect(await page.locator(CARD_TITLES).count()).toBe(0)
    expect(await page.locator('p.filters').innerText()).toContain('no-such-project-anywhere')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the orderUpdated event reorders the cards at once and refetches with _=version', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/projects'))
    const hrefs = await page.locator(`${CARD_TITLES} a`).evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    const reversed = hrefs.map(slugOf).reverse()
    const refetch = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/projects' && new URL(r.url()).searchParams.get('_') === '7')
    await page.evaluate((slugs) => window.dispatchEvent(new CustomEvent('orderUpdated', { detail: { slugs, version: 7 } })), reversed)
    const order = () => page.locator(`${CARD_TITLES} a`).evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    expect((await order()).map(slugOf)).toEqual(reversed)
    expect((await refetch).status()).toBe(200)
    await page.waitForTimeout(50)
    // The fresh list (in the server's order) is shown in the published order too.
    expect((await order()).map(slugOf)).toEqual(reversed)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a new 'projects:orderVersion' stored by another tab makes the list refetch", async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/projects'))
    const api = requestsTo(page)
    const other = await context.newPage()
    await visit(other, site.url('/privacy'))
    const refetch = page.waitForRequest((r) => new URL(r.url()).searchParams.get('_') === '9')
    await other.evaluate(() => localStorage.setItem('projects:orderVersion', '9'))
    expect(new URL((await refetch).url()).pathname).toBe('/api/projects')
    expect(api.filter((u) => u.startsWith('/api/projects'))).toEqual(['/api/projects?_=9'])
    expect(await page.locator(CARD_TITLES).count()).toBe(8)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('/projects/{slug}', () => {
  test('the hero image stays hidden until it has loaded, then shows', async () => {
    const { context, page, problems } = await newPage(site.browser)
    const held = gate()
    await page.route('**/media/projects/tokenfolio-dapp.svg', async (route) => {
      await held.opened
      await route.continue().catch(() => undefined)
    })
    await page.goto(site.url('/projects/tokenfolio-dapp'), { waitUntil: 'domcontentloaded' })
    await page.waitForSelector('html[data-hydrated]')
    const hero = page.locator('figure.project-hero')
    const opacity = () => hero.locator('img').evaluate((img) => getComputedStyle(img).opacity)
    expect(await hero.getAttribute('data-state')).toBe('loading')
    expect(await opacity()).toBe('0')
    held.open()
    await page.waitForSelector('figure.project-hero[data-state="loaded"]')
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.project-hero img')!).opacity === '1')
    expect(await hero.locator('img').isVisible()).toBe(true)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a project with demoLinks.embedPath shows the live app 640 px high, the 'Having issues?' line and its Outcomes", async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/projects/tokenfolio-dapp'))
    const frame = page.locator('iframe.live-frame')
    expect(await frame.getAttribute('src')).toBe('/demo/dapp')
    expect(await frame.getAttribute('height')).toBe('640')
    expect(Math.round((await frame.boundingBox())!.height)).toBe(640)
    const issues = page.locator('p.having-issues')
    expect(await issues.innerText()).toStartWith('Having issues?')
    expect(await issues.getByRole('link', { name: 'Open the live app in a new tab' }).getAttribute('href')).toBe('/demo/dapp')
    const outcomes = page.getByRole('region', { name: 'Outcomes' })
    expect(await outcomes.locator('li').allInnerTexts()).toEqual([
      'Transfer gas (existing holder):\n34712',
      'Contract test coverage:\n98% of lines',
      'Reconnect after API restart (p95):\n1.2 s',
      'Contracts:\n3',
    ])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a YouTube link plays as an embed 480 px high that autoplays, muted and looping', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/projects/lbm-cuda-solver'))
    const frame = page.locator('iframe.video-frame')
    expect(await frame.getAttribute('height')).toBe('480')
    const src = new URL((await frame.getAttribute('src'))!)
    expect(src.pathname).toBe('/embed/q8Xf3LmT0wE')
    expect(src.searchParams.get('autoplay')).toBe('1')
    expect(src.searchParams.get('mute')).toBe('1')
    expect(src.searchParams.get('loop')).toBe('1')
    expect(await page.locator('iframe.live-frame').count()).toBe(0)
    const link = page.locator('p.having-issues').getByRole('link', { name: 'Open the video in a new tab' })
    expect(await link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=q8Xf3LmT0wE')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('an mp4 link plays in a <video> 480 px high, muted and looping', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/projects/scopelet-fpga-oscilloscope'))
    const video = page.locator('video.video-frame')
    expect(await video.getAttribute('height')).toBe('480')
    expect(Math.round((await video.boundingBox())!.height)).toBe(480)
    expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, src: v.querySelector('source')?.getAttribute('src') }))).toEqual({
      muted: true,
      loop: true,
      src: '/media/fpga-scope.mp4',
    })
    expect(await page.locator('p.having-issues a').getAttribute('href')).toBe('/media/fpga-scope.mp4')
    expect(await page.getByRole('region', { name: 'Outcomes' }).locator('li').count()).toBe(4)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

test('a client-side visit of a project fetches it once and the hero still appears', async () => {
  const { context, page, problems } = await newPage(site.browser)
  await visit(page, site.url('/projects'))
  const api = requestsTo(page)
  await page.getByRole('link', { name: 'Particle life in WebGPU' }).click()
  await page.waitForSelector('figure.project-hero[data-state="loaded"]')
  expect(api.filter((u) => u.startsWith('/api/projects'))).toEqual(['/api/projects/particle-life-webgpu'])
  expect(await page.locator('h1').innerText()).toBe('Particle life in WebGPU')
  expect(problems.errors).toEqual([])
  await context.close()
})
