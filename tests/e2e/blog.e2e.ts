// /blog and /blog/{slug} in real Chromium: debounced search, delayed loading text, tag chips and
// dropdown, the per-filter cache, the GET form without JavaScript, reading time, highlighted code,
// copy buttons, neighbour links. The list is island `blog-list` (decision 066). The site is made
// the way an owner makes it: SEED=none, the sample's posts typed in through the admin API.
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { newPage, visit } from '#tests/support/browser/browser'
import { useSiteAndBrowser } from '#tests/support/browser/e2e'
import { apiPath, delayed, documentKept, markDocument, requestsTo, textsOf } from '#tests/support/browser/e2e-watch'
import { addSampleAsOwner } from '#tests/support/data/owner-sample'

const site = useSiteAndBrowser({ SEED: 'none' })
beforeAll(() => addSampleAsOwner(site.server), 60_000)
const TITLES = '.blog-list .card-title'
const UART = 'A UART in 80 lines of VHDL'

/** The tags of every post, alphabetically as the page sorts them (plain order, case folded). */
async function allTags(): Promise<string[]> {
  const items: { tags: string[] }[] = (await site.server.get('/api/posts?limit=100')).body.items
  return [...new Set(items.flatMap((p) => p.tags))].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0))
}

/** What a search finds, in the order the page shows it (full-text, ranked), from the API itself. */
async function found(query: string): Promise<string[]> {
  return ((await site.server.get(`/api/posts?limit=100&order=relevance&${query}`)).body.items as { title: string }[]).map((p) => p.title)
}

const postsRequests = (api: string[]) => api.filter((u) => u.startsWith('/api/posts'))
const waitForCount = (page: Page, n: number) => page.waitForFunction((count) => document.querySelectorAll('.blog-list .card-title').length === count, n)

describe('/blog', () => {
  test("typing in 'Search posts' reaches the URL and the list only after the 100 ms debounce", async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/blog'))
    // Every URL the page goes through, and when, measured inside the page.
    await page.evaluate(() => {
      const w = window as unknown as { e2eUrls: { search: string; at: number }[]; e2eTyped: number }
      w.e2eUrls = []
      let last = location.search
      document.querySelector('input[type="search"]')!.addEventListener('input', () => (w.e2eTyped = performance.now()))
      setInterval(() => {
        if (location.search !== last) w.e2eUrls.push({ search: (last = location.search), at: performance.now() })
      }, 2)
    })
    // Four keystrokes in one task: no timer can run between them, however loaded the machine is.
    const searchWhileTyping = await page.evaluate(() => {
      const input = document.querySelector('input[type="search"]') as HTMLInputElement
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
      for (const value of ['u', 'ua', 'uar', 'uart']) {
        setValue.call(input, value)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      }
      return location.search
    })
    expect(searchWhileTyping).toBe('')
    await page.waitForURL((u) => u.search === '?search=uart')
    const uart = await found('search=uart')
    expect(uart[0]).toBe(UART)
    await waitForCount(page, uart.length)
    expect(await textsOf(page, TITLES)).toEqual(uart)
    const { urls, typed } = await page.evaluate(() => {
      const w = window as unknown as { e2eUrls: { search: string; at: number }[]; e2eTyped: number }
      return { urls: w.e2eUrls, typed: w.e2eTyped }
    })
    // One commit for the whole word, at least 100 ms after the last key.
    expect(urls.map((u) => u.search)).toEqual(['?search=uart'])
    expect(urls[0]!.at - typed).toBeGreaterThanOrEqual(95)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("'Loading…' shows only once a request has been pending for 150 ms", async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/blog'))
    // Record, inside the page, when each posts request starts and when 'Loading…' appears:
    // whatever the machine's load, the text may appear only 150 ms or more after a start.
    await page.evaluate(() => {
      const w = window as unknown as { e2eStarts: number[]; e2eShown: number[] }
      w.e2eStarts = []
      w.e2eShown = []
      const fetch = window.fetch.bind(window)
      window.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input instanceof Request ? input.url : input).includes('/api/posts')) w.e2eStarts.push(performance.now())
        return fetch(input, init)
      }) as typeof window.fetch
      const status = document.querySelector('.blog-status')!
      new MutationObserver(() => status.textContent?.includes('Loading…') && w.e2eShown.push(performance.now())).observe(status, { childList: true, subtree: true, characterData: true })
    })
    await page.route(apiPath('/api/posts'), delayed(30))
    await page.getByLabel('Search posts').fill('rust')
    await page.waitForURL((u) => u.search === '?search=rust')
    await waitForCount(page, (await found('search=rust')).length)
    await page.unroute(apiPath('/api/posts'))
    await page.route(apiPath('/api/posts'), delayed(600))
    await page.getByLabel('Search posts').fill('sqlite')
    await page.locator('.blog-status', { hasText: 'Loading…' }).waitFor()
    await page.waitForURL((u) => u.search === '?search=sqlite')
    await page.locator('.blog-status', { hasNotText: 'Loading…' }).waitFor()
    const sqlite = await found('search=sqlite')
    expect(sqlite.slice(0, 2).sort()).toEqual(['Fast, isolated database tests with bun:test and SQLite', 'What SQLite WAL mode actually guarantees'])
    expect(await textsOf(page, TITLES)).toEqual(sqlite)
    const { starts, shown } = await page.evaluate(() => {
      const w = window as unknown as { e2eStarts: number[]; e2eShown: number[] }
      return { starts: w.e2eStarts, shown: w.e2eShown }
    })
    expect(starts.length).toBe(2)
    expect(shown.length).toBeGreaterThan(0)
    for (const at of shown) {
      const start = Math.max(...starts.filter((t) => t <= at))
      expect(at - start).toBeGreaterThanOrEqual(145)
    }
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("shows the first 8 tags alphabetically as chips and the rest under 'More tags…'; a tag filters, Clear resets", async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/blog'))
    await markDocument(page)
    const tags = await allTags()
    expect(tags.length).toBeGreaterThan(8)
    expect(await textsOf(page, '.tag-chips a')).toEqual(tags.slice(0, 8))
    expect(await page.locator('.tag-select').isVisible()).toBe(false)
    const more = page.locator('details.more-tags')
    expect(await more.locator('summary').innerText()).toBe('More tags…')
    await more.locator('summary').click()
    expect(await textsOf(page, '.more-tags-list a')).toEqual(tags.slice(8))
    await more.getByRole('link', { name: 'vhdl', exact: true }).click()
    await page.waitForURL((u) => u.search === '?tag=vhdl')
    await waitForCount(page, 2)
    expect(await textsOf(page, TITLES)).toEqual(['Metastability and the two-flop synchronizer', UART])
    expect(await more.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false)
    await page.locator('.tag-chips a', { hasText: /^cuda$/ }).click()
    await page.waitForURL((u) => u.search === '?tag=cuda')
    await waitForCount(page, 3)
    expect(await page.locator('.tag-chips a[aria-current="true"]').innerText()).toBe('cuda')
    await page.getByLabel('Search posts').fill('shared')
    await page.waitForURL((u) => u.search === '?search=shared&tag=cuda')
    await waitForCount(page, (await found('search=shared&tag=cuda')).length)
    await page.getByRole('button', { name: 'Clear' }).click()
    await page.waitForURL((u) => u.pathname === '/blog' && u.search === '')
    await waitForCount(page, 15)
    expect(await page.getByLabel('Search posts').inputValue()).toBe('')
    expect(await page.locator('.tag-chips a[aria-current="true"]').count()).toBe(0)
    // The island filtered in place: one document throughout.
    expect(await documentKept(page)).toBe(true)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("on a 375 px screen one 'Filter by tag…' dropdown replaces the chips and filters the list", async () => {
    const { context, page, problems } = await newPage(site.browser, { viewport: { width: 375, height: 740 } })
    await visit(page, site.url('/blog'))
    expect(await page.locator('.tag-chips').isVisible()).toBe(false)
    expect(await page.locator('details.more-tags').isVisible()).toBe(false)
    const select = page.getByLabel('Filter by tag…')
    await select.waitFor({ state: 'visible' })
    const options = await select.locator('option').allInnerTexts()
    expect(options).toEqual(['Filter by tag…', ...(await allTags())])
    await select.selectOption('fpga')
    await page.waitForURL((u) => u.search === '?tag=fpga')
    await waitForCount(page, 3)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a reload keeps the filtered list, and each search+tag pair is fetched only once', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/blog'))
    const api = requestsTo(page)
    const chip = (tag: string) => page.locator('.tag-chips a', { hasText: new RegExp(`^${tag}$`) })
    await chip('embedded').click()
    await page.waitForURL((u) => u.search === '?tag=embedded')
    await waitForCount(page, 4)
    await chip('cpp').click()
    await page.waitForURL((u) => u.search === '?tag=cpp')
    await waitForCount(page, 2)
    await chip('embedded').click()
    await page.waitForURL((u) => u.search === '?tag=embedded')
    await waitForCount(page, 4)
    await page.goBack()
    await page.waitForURL((u) => u.search === '?tag=cpp')
    await waitForCount(page, 2)
    expect(postsRequests(api)).toEqual(['/api/posts?tag=embedded&limit=100', '/api/posts?tag=cpp&limit=100'])
    const before = await textsOf(page, TITLES)
    await visit(page, site.url('/blog?tag=cpp'))
    expect(await textsOf(page, TITLES)).toEqual(before)
    expect(await page.locator('.tag-chips a[aria-current="true"]').innerText()).toBe('cpp')
    expect(problems.errors).toEqual([])
    await context.close()
  })
  test('with JavaScript off the search form, the tag chips and Clear filter the list through the server', async () => {
    const { context, page, problems } = await newPage(site.browser, { javaScriptEnabled: false })
    await page.goto(site.url('/blog'))
    expect(await page.locator(TITLES).count()).toBe(15)
    // No dropdown without JavaScript: the chips show at any width.
    expect(await page.locator('.tag-select').isVisible()).toBe(false)
    await page.getByLabel('Search posts').fill('uart')
    await Promise.all([page.waitForURL((u) => u.search === '?search=uart'), page.getByLabel('Search posts').press('Enter')])
    const uart = await found('search=uart')
    expect(uart[0]).toBe(UART)
    expect(await textsOf(page, TITLES)).toEqual(uart)
    expect(await page.getByLabel('Search posts').inputValue()).toBe('uart')
    await Promise.all([page.waitForURL((u) => u.search === '?search=uart&tag=embedded'), page.locator('.tag-chips a', { hasText: /^embedded$/ }).click()])
    expect(await textsOf(page, TITLES)).toEqual(await found('search=uart&tag=embedded'))
    expect(await page.getByRole('button', { name: 'Clear' }).count()).toBe(0)
    await Promise.all([page.waitForURL((u) => u.pathname === '/blog' && u.search === ''), page.getByRole('link', { name: 'Clear' }).click()])
    expect(await page.locator(TITLES).count()).toBe(15)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('/blog/{slug}', () => {
  test("shows 'N min read', the title and tags, and highlights code blocks in colour", async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/blog/a-uart-in-80-lines-of-vhdl'))
    expect(await page.locator('.post-header .reading-time').innerText()).toBe('6 min read')
    expect(await page.locator('h1').innerText()).toBe(UART)
    const tags = page.locator('.post-header .tags a')
    expect(await tags.allInnerTexts()).toEqual(['fpga', 'vhdl', 'embedded'])
    expect(await tags.first().getAttribute('href')).toBe('/blog?tag=fpga')
    const colours = await page.locator('pre.shiki').first().evaluate((pre) => [...new Set([...pre.querySelectorAll('span span')].map((s) => getComputedStyle(s).color))])
    expect(colours.length).toBeGreaterThanOrEqual(3)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the Copy button copies the code block to the clipboard', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.server.url })
    await visit(page, site.url('/blog/a-uart-in-80-lines-of-vhdl'))
    const figure = page.locator('figure.code').first()
    await figure.getByRole('button', { name: 'Copy' }).click()
    await figure.locator('button', { hasText: 'Copied' }).waitFor()
    const code = await figure.locator('pre').evaluate((pre) => pre.textContent)
    expect(code).toStartWith('library ieee;')
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code!)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  // Changed in issue 33 (decision 066): there is no client router, so a neighbour link loads its
  // post as a page of its own (prerendered by Speculation Rules when the browser can); it was
  // asserted to keep the document.
  test('the newer and older links open the neighbouring posts, each as a page of its own', async () => {
    const { context, page, problems } = await newPage(site.browser)
    await visit(page, site.url('/blog/a-uart-in-80-lines-of-vhdl'))
    await markDocument(page)
    const nav = page.getByRole('navigation', { name: 'Post navigation' })
    await nav.locator('a[rel="prev"]').click()
    await page.waitForURL('**/blog/streaming-react-ssr-on-bun')
    await page.locator('h1', { hasText: 'Streaming React SSR on Bun' }).waitFor()
    expect(await documentKept(page)).toBe(false)
    await nav.locator('a[rel="next"]').click()
    await page.waitForURL('**/blog/a-uart-in-80-lines-of-vhdl')
    await page.locator('h1', { hasText: UART }).waitFor()
    expect(await nav.locator('a[rel="next"] .post-nav-title').innerText()).toBe('Coalesced memory access in CUDA, measured')
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
