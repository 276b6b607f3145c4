// Loading and moving around in real Chromium: islands hydrate from their props with no API call,
// links load server-rendered pages (prerendered by Speculation Rules), page views (the server's
// count, a prerender counted only when shown, bots, link pings), and the /skills filters and links.
import { describe, expect, test } from 'bun:test'
import type { AnalyticsSummary } from '#src/contract/analytics'
import { eventually } from '#tests/support/browser/admin-e2e'
import { newPage, visit } from '#tests/support/browser/browser'
import { useSiteAndBrowser } from '#tests/support/browser/e2e'
import { documentKept, markDocument, requestsTo, textsOf } from '#tests/support/browser/e2e-watch'
import { USER_AGENTS } from '#tests/support/data/visitors'

const site = useSiteAndBrowser()
const DATA_API = /^\/api\/(projects|posts|skills)(\/|\?|$)/

describe('first load', () => {
  const pages = ['/', '/projects', '/projects?tag=FPGA&search=scope', '/projects/tokenfolio-dapp', '/blog', '/blog?tag=cuda&search=shared', '/blog/a-uart-in-80-lines-of-vhdl', '/skills']
  test.each(pages)('%s makes no API call for its data while it loads and hydrates', async (path) => {
    const { context, page, problems } = await newPage(site.browser)
    const api = requestsTo(page)
    await visit(page, site.url(path))
    await page.waitForTimeout(250)
    expect(api.filter((u) => DATA_API.test(u))).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('navigation (decision 066: no client router; Speculation Rules prerender the next page)', () => {
  // Changed in issue 33: a header link used to fetch the next page's data over /api and render it
  // in the same document; now it loads the next page, server-rendered, as a document of its own.
  test('a header link loads the next page as a document of its own, with no API call for its data', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/'))
    await markDocument(page)
    const api = requestsTo(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Skills' }).click()
    await page.locator('h1', { hasText: 'Skills' }).waitFor()
    await page.locator('.skill-grid .skill-card').first().waitFor()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click()
    await page.locator('.blog-list .post-card').first().waitFor()
    expect(api.filter((u) => DATA_API.test(u))).toEqual([])
    expect(await page.title()).toContain('Blog')
    expect(await documentKept(page)).toBe(false)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('every public page names the pages to prerender, never the admin, the API, a resume link, a preview or the demo', async () => {
    const { context, page } = await newPage(site.browser)
    await visit(page, site.url('/blog'))
    const rules = JSON.parse(await page.locator('script[type="speculationrules"]').textContent() ?? '{}') as { prerender: { where: { and: unknown[] }; eagerness: string }[] }
    expect(rules.prerender[0]!.eagerness).toBe('moderate')
    const excluded = rules.prerender[0]!.where.and.flatMap((c) => ((c as { not?: { href_matches: string } }).not ? [(c as { not: { href_matches: string } }).not.href_matches] : []))
    for (const path of ['/admin', '/admin/*', '/api/*', '/resume/*', '/preview/*', '/demo/*']) expect(excluded).toContain(path)
    await context.close()
  })
})

describe('page views', () => {
  const summary = async (cookie: string) => (await site.server.get<AnalyticsSummary>('/api/admin/analytics/summary?all=true', { cookie })).body
  const countOf = (s: AnalyticsSummary, path: string) => s.topPaths.find((p) => p.path === path)?.count ?? 0
  // Headless Chromium names itself in its user agent and is filtered as a bot: a person's
  // browser sends a desktop Chrome's user agent and a language (Accept-Language from the locale).
  const person = { userAgent: USER_AGENTS.chromeWindows, locale: 'en-GB' }

  // Changed in issue 33: following a header link is a page load (it was a client navigation
  // counted by beacon); the server counts what it serves, the page what was fetched ahead.
  test('each page is counted once: by the server that served it, or by beacon when it was fetched ahead', async () => {
    const cookie = await site.server.login()
    const before = await summary(cookie)
    const { context, page, problems } = await newPage(site.browser, person)
    const beacons: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/analytics/pv') beacons.push(JSON.parse(r.postData() ?? '{}').path)
    })
    const response = await visit(page, site.url('/projects?search=fluid'))
    expect(await response?.request().headerValue('accept-language')).toStartWith('en-GB')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Blog' }).click()
    await page.locator('.blog-list .post-card').first().waitFor()
    await page.waitForTimeout(300)
    // The link was fetched ahead by the Speculation Rules (Chromium prerenders, or under DevTools
    // prefetches, on pointer down): the server does not count a prefetch, so a page shown from one
    // counts itself by beacon. Either way, each page once.
    const prefetched = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceEntry & { deliveryType?: string }).deliveryType === 'navigational-prefetch')
    expect(beacons).toEqual(prefetched ? ['/blog'] : [])
    const after = await eventually(() => summary(cookie), (s) => s.totals.views >= before.totals.views + 2)
    expect(after.totals.views - before.totals.views).toBe(2)
    expect(countOf(after, '/projects?search=fluid') - countOf(before, '/projects?search=fluid')).toBe(1)
    expect(countOf(after, '/blog') - countOf(before, '/blog')).toBe(1)
    expect(after.events.bots).toBe(before.events.bots)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  // Chromium refuses to prerender under DevTools (PrerenderingDisabledByDevTools), so the test plays
  // the prerender's two halves: the request says Sec-Purpose: prefetch;prerender, which the server
  // does not count, and the document starts with document.prerendering true until it is shown.
  test('a prerendered page is counted once, by beacon, only when the visitor opens it', async () => {
    const cookie = await site.server.login()
    const before = await summary(cookie)
    const { context, page, problems } = await newPage(site.browser, { ...person, extraHTTPHeaders: { 'sec-purpose': 'prefetch;prerender' } })
    await page.addInitScript(() => {
      let prerendering = true
      Object.defineProperty(document, 'prerendering', { get: () => prerendering, configurable: true })
      ;(window as unknown as { e2eActivate: () => void }).e2eActivate = () => {
        prerendering = false
        document.dispatchEvent(new Event('prerenderingchange'))
      }
    })
    const beacons: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/analytics/pv') beacons.push(JSON.parse(r.postData() ?? '{}').path)
    })
    await visit(page, site.url('/privacy'))
    await page.waitForTimeout(400)
    expect(beacons).toEqual([])
    expect((await summary(cookie)).totals.views).toBe(before.totals.views)
    await page.evaluate(() => (window as unknown as { e2eActivate: () => void }).e2eActivate())
    const after = await eventually(() => summary(cookie), (s) => s.totals.views > before.totals.views)
    expect(beacons).toEqual(['/privacy'])
    expect(after.totals.views - before.totals.views).toBe(1)
    expect(countOf(after, '/privacy') - countOf(before, '/privacy')).toBe(1)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('headless Chromium as it comes is counted as a bot, not as a view', async () => {
    const cookie = await site.server.login()
    const before = await summary(cookie)
    const { context, page, problems } = await newPage(site.browser)
    expect(await page.evaluate(() => navigator.userAgent)).toContain('HeadlessChrome')
    await visit(page, site.url('/skills'))
    const after = await eventually(() => summary(cookie), (s) => s.events.bots > before.events.bots)
    expect(after.events.bots - before.events.bots).toBe(1)
    expect(after.panels.bot.find((r) => r.value === 'Known bot: headless')?.views).toBeGreaterThan(0)
    expect(after.totals.views).toBe(before.totals.views)
    expect(countOf(after, '/skills')).toBe(countOf(before, '/skills'))
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("following the footer's GitHub link pings the site, which counts the outbound goal by host", async () => {
    const cookie = await site.server.login()
    const goal = 'Outbound link clicked: github.com'
    const goalOf = (s: AnalyticsSummary) => s.panels.goal.find((r) => r.value === goal)?.views ?? 0
    const before = goalOf(await summary(cookie))
    const { context, page, problems } = await newPage(site.browser, person)
    await visit(page, site.url('/'))
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'GitHub' })
    expect(await link.getAttribute('ping')).toBe('/api/analytics/ping?goal=outbound')
    // github.com is answered with an empty page (see newPage): nothing leaves this machine.
    const ping = context.waitForEvent('request', (r) => r.url() === site.url('/api/analytics/ping?goal=outbound'))
    await link.click()
    const sent = await ping
    expect(sent.method()).toBe('POST')
    expect(new URL((await sent.headerValue('ping-to')) ?? '').hostname).toBe('github.com')
    const after = await eventually(() => summary(cookie), (s) => goalOf(s) > before)
    expect(goalOf(after)).toBe(before + 1)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('/skills', () => {
  test('the search filters the cards and an unmatched one shows the empty text', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/skills'))
    const total = await page.locator('.skill-card').count()
    expect(await page.locator('.skills-count').innerText()).toBe(`${total} skills`)
    await page.getByLabel('Search skills').fill('script')
    await page.waitForFunction(() => document.querySelectorAll('.skill-card').length === 1)
    expect(await textsOf(page, '.skill-card .card-title')).toEqual(['TypeScript'])
    expect(await page.locator('.skills-count').innerText()).toBe(`1 of ${total} skills`)
    await page.getByLabel('Search skills').fill('no such skill')
    await page.getByText('No skills match your filters.').waitFor()
    expect(await page.locator('.skill-card').count()).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the category filter offers All plus the sorted buckets and narrows the cards to one bucket', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/skills'))
    const buckets = [...new Set(await textsOf(page, '.skill-group-heading'))]
    const select = page.getByLabel('Category')
    expect(await select.locator('option').allInnerTexts()).toEqual(['All', ...buckets.sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1))])
    await select.selectOption('GPU')
    await page.waitForURL((u) => u.search === '?bucket=GPU')
    await page.waitForFunction(() => document.querySelectorAll('.skill-card').length === 2)
    expect(await textsOf(page, '.skill-card .card-title')).toEqual(['CUDA', 'WebGPU'])
    expect([...new Set(await textsOf(page, '.skill-group-heading'))]).toEqual(['GPU'])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the quick links lead to /projects?tag=X and related projects to /projects/{slug}', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/skills'))
    const quick = page.getByRole('navigation', { name: 'Browse projects by tag' })
    await quick.locator('a').first().waitFor()
    expect(await quick.locator('a').allInnerTexts()).toEqual(['MERN', 'Solidity', 'FPGA', 'VHDL', 'Arduino', 'React', 'Node', 'Mongo'])
    await quick.getByRole('link', { name: 'VHDL' }).click()
    await page.waitForURL((u) => u.pathname === '/projects' && u.search === '?tag=VHDL')
    await page.waitForFunction(() => document.querySelectorAll('.project-grid .card-title').length === 1)
    expect(await textsOf(page, '.project-grid .card-title')).toEqual(['Scopelet: a 100 MS/s FPGA oscilloscope'])
    await page.goBack()
    const related = page.getByRole('list', { name: 'Projects using CUDA' }).getByRole('link')
    expect(await related.getAttribute('href')).toBe('/projects/lbm-cuda-solver')
    await related.click()
    await page.waitForURL('**/projects/lbm-cuda-solver')
    await page.locator('h1', { hasText: 'Lattice-Boltzmann fluid solver in CUDA' }).waitFor()
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
