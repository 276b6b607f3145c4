// An exported site on a plain static host (no folio behind it) in real Chromium: pages render and
// hydrate, links load the next file, lists filter in the page (their islands carry every item),
// live parts say they are off, and nothing asks /api for anything. The site is made the way an
// owner makes it: SEED=none, the sample's posts and projects typed in through the admin API.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { AnalyticsSummary } from '#src/contract/analytics'
import { newPage, visit } from '#tests/support/browser/browser'
import { useSiteAndBrowser } from '#tests/support/browser/e2e'
import { documentKept, markDocument, requestsTo, textsOf } from '#tests/support/browser/e2e-watch'
import { exportOnce, removeExports } from '#tests/support/data/site-export'
import { startStaticHost, type StaticHost } from '#tests/support/server/static-host'
import { USER_AGENTS } from '#tests/support/data/visitors'
import { addSampleAsOwner } from '#tests/support/data/owner-sample'

const site = useSiteAndBrowser({ SEED: 'none' })
let host: StaticHost
beforeAll(async () => {
  await addSampleAsOwner(site.server)
  host = startStaticHost(await exportOnce(site.server.dataDir))
}, 90_000)
afterAll(async () => {
  await host?.stop()
  removeExports()
})

const at = (path: string) => host.url + path

describe('a static host serving the export', () => {
  test('a project page renders and hydrates with no API call and no console error', async () => {
    const { context, page, problems } = await newPage(site.browser)
    const api = requestsTo(page)
    const response = await visit(page, at('/projects/tokenfolio-dapp'))
    expect(response?.status()).toBe(200)
    const project = (await site.server.get('/api/projects/tokenfolio-dapp')).body
    expect(await page.locator('h1').innerText()).toBe(project.title)
    await page.waitForTimeout(250)
    expect(api).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a header link loads the next page as a file from the host, not over /api', async () => {
    const { context, page, problems } = await newPage(site.browser)
    const api = requestsTo(page)
    await visit(page, at('/projects/tokenfolio-dapp'))
    await markDocument(page)
    const loaded = page.waitForEvent('load')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click()
    await loaded
    await page.waitForSelector('html[data-hydrated]')
    expect(new URL(page.url()).pathname).toBe('/blog')
    expect(await page.locator('.blog-list .post-card').count()).toBeGreaterThan(3)
    expect(await documentKept(page)).toBe(false)
    expect(host.requests).toContainEqual({ path: '/blog', status: 200 })
    expect(api).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a tag in the address filters the list in the page, and clearing it shows every post without a reload', async () => {
    const { context, page, problems } = await newPage(site.browser)
    const api = requestsTo(page)
    await visit(page, at('/blog?tag=cuda'))
    await page.waitForFunction(() => document.querySelector('.blog-status')?.textContent?.match(/^\d+ posts?$/))
    const cuda = await page.locator('.blog-list .post-card').count()
    expect(cuda).toBe((await site.server.get('/api/posts?limit=100&tag=cuda')).body.items.length)
    await markDocument(page)
    // The active chip again clears the tag.
    await page.locator('.tag-chips a[aria-current="true"]', { hasText: 'cuda' }).click()
    await page.waitForFunction((n) => document.querySelectorAll('.blog-list .post-card').length > n, cuda)
    expect(new URL(page.url()).search).toBe('')
    expect(await documentKept(page)).toBe(true)
    expect(api).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a search typed in the page filters the whole list the page came with, and the address follows', async () => {
    const { context, page, problems } = await newPage(site.browser)
    const api = requestsTo(page)
    await visit(page, at('/blog'))
    await markDocument(page)
    await page.getByLabel('Search posts').fill('sqlite')
    await page.waitForURL((u) => u.search === '?search=sqlite')
    // The page holds no bodies: it finds what titles, summaries and tags say, each found by the API too.
    const apiFound = ((await site.server.get('/api/posts?limit=100&search=sqlite')).body.items as { title: string }[]).map((p) => p.title)
    await page.waitForFunction(() => document.querySelector('.blog-status')?.textContent?.match(/^\d+ posts?$/))
    const shown = await textsOf(page, '.blog-list .card-title')
    expect(shown.length).toBeGreaterThan(0)
    for (const title of shown) expect(apiFound).toContain(title)
    expect(await documentKept(page)).toBe(true)
    expect(api).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a project's tag opens the project list as a file, filtered by that tag in the page", async () => {
    const { context, page, problems } = await newPage(site.browser)
    const api = requestsTo(page)
    await visit(page, at('/projects/scopelet-fpga-oscilloscope'))
    const loaded = page.waitForEvent('load')
    await page.locator('main .tags a', { hasText: 'FPGA' }).first().click()
    await loaded
    await page.waitForSelector('html[data-hydrated]')
    const expected = (await site.server.get('/api/projects?tag=FPGA')).body.items.map((p: { title: string }) => p.title)
    expect(expected.length).toBeLessThan((await site.server.get('/api/projects')).body.items.length)
    await page.waitForFunction((n) => document.querySelectorAll('.project-grid .card').length === n, expected.length)
    expect(await textsOf(page, '.project-grid .card h2')).toEqual(expected)
    expect(host.requests).toContainEqual({ path: '/projects', status: 200 })
    expect(api).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the contact form and the demo say they are off on a static copy', async () => {
    const { context, page, problems } = await newPage(site.browser)
    const api = requestsTo(page)
    await visit(page, at('/contact'))
    expect(await textsOf(page, '.contact-offline')).toEqual([expect.stringContaining('static copy of the site')])
    expect(await page.locator('form.contact-form').count()).toBe(0)
    await visit(page, at('/demo/dapp'))
    expect(await textsOf(page, '.demo-offline')).toEqual([expect.stringContaining('static copy of the site has none')])
    await page.waitForTimeout(250)
    expect(api).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a missing path gets 404.html, hydrated as the not-found page', async () => {
    const { context, page, problems } = await newPage(site.browser)
    const response = await visit(page, at('/projects/not-a-project'))
    expect(response?.status()).toBe(404)
    expect(await page.locator('main').innerText()).toContain("doesn't exist or was moved")
    expect(await page.title()).toContain('Page not found')
    // Chromium reports the document's own 404; nothing else may fail.
    expect(problems.errors).toEqual(['error: Failed to load resource: the server responded with a status of 404 (Not Found) (/projects/not-a-project)'])
    await context.close()
  })
})

describe('an export made with API_BASE', () => {
  let live: StaticHost
  beforeAll(async () => {
    live = startStaticHost(await exportOnce(site.server.dataDir, { API_BASE: site.server.url }))
  }, 60_000)
  afterAll(() => live?.stop())

  test('counts page views at the API base and keeps the contact form', async () => {
    const cookie = await site.server.login()
    const views = async () => (await site.server.get<AnalyticsSummary>('/api/admin/analytics/summary?all=true', { cookie })).body.topPaths.find((p) => p.path === '/contact')?.count ?? 0
    const before = await views()
    // A person's browser: headless Chromium's own user agent is filtered as a bot.
    const { context, page, problems } = await newPage(site.browser, { userAgent: USER_AGENTS.chromeWindows, locale: 'en-GB' })
    const beacon = page.waitForRequest((r) => r.url() === `${site.server.url}/api/analytics/pv`)
    await visit(page, live.url + '/contact')
    // A static page has no server to count it: its first view is the beacon's (no referrer: opened directly).
    expect(JSON.parse((await beacon).postData() ?? '{}')).toEqual({ path: '/contact' })
    expect(await page.locator('form.contact-form').count()).toBe(1)
    expect(await page.locator('.contact-offline').count()).toBe(0)
    await waitUntil(async () => (await views()) === before + 1)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

async function waitUntil(check: () => Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await Bun.sleep(50)
  }
}
