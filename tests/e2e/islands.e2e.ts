// Islands in real Chromium (issue 33, decision 066), on a site made the way an owner makes it
// (SEED=none, their own tags and photos) and on the sample: every public page hydrates with no
// console error in both themes; hydration is proven by the island's markup coming out of it as
// the server sent it (nothing re-rendered, nothing patched); with JavaScript off a post reads and
// the menu reaches every page on a phone.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { launchBrowser, newPage, visit } from '#tests/support/browser/browser'
import { makeOwnerContent, type OwnerSite } from '#tests/support/browser/owner-site'
import { NAV_LINKS } from '#client/site/layout/nav-links'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let owner: TestServer
let sample: TestServer
let browser: Browser
let made: OwnerSite
beforeAll(async () => {
  ;[owner, sample, browser] = await Promise.all([startTestServer({ env: { SEED: 'none' } }), startTestServer({ env: { SEED: 'demo' } }), launchBrowser()])
  made = await makeOwnerContent(owner)
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await Promise.all([owner?.close(), sample?.close()])
})

const ownerPaths = () => ['/', '/projects', `/projects/${made.project}`, '/blog', `/blog/${made.post}`, `/blog?tag=${made.tag}`, '/skills', '/contact', '/privacy', '/no-such-page']
const INTERACTIVE = ['/blog', '/projects', '/skills', '/contact']

/** Each island's markup, comments aside (React separates text with `<!-- -->`, which hydration may drop). */
const islandMarkup = (page: Page) => page.evaluate(() => [...document.querySelectorAll('[data-island]')].map((el) => el.innerHTML.replace(/<!--[\s\S]*?-->/g, '')))

describe.each(['dark', 'light'])('with JavaScript, in the %s theme', (theme) => {
  test("every public page of the owner's site runs with no console error, no hydration warning and no failed request", async () => {
    for (const path of ownerPaths()) {
      const { context, page, problems } = await newPage(browser, { colorScheme: theme as 'dark' | 'light' })
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme)
      const response = await visit(page, owner.url + path)
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme)
      const expected = path === '/no-such-page' ? [`error: Failed to load resource: the server responded with a status of 404 (Not Found) (${path})`] : []
      expect({ path, status: response?.status(), errors: problems.errors }).toEqual({ path, status: path === '/no-such-page' ? 404 : 200, errors: expected })
      await context.close()
    }
  }, 120_000)
})

describe('hydration', () => {
  test.each(INTERACTIVE)("%s: each island's markup after hydration is what the server sent", async (path) => {
    for (const server of [owner, sample]) {
      const off = await newPage(browser, { javaScriptEnabled: false })
      await off.page.goto(server.url + path)
      const sent = await islandMarkup(off.page)
      await off.context.close()
      const { context, page, problems } = await newPage(browser)
      await visit(page, server.url + path)
      expect(sent.length).toBeGreaterThan(0)
      expect(await islandMarkup(page)).toEqual(sent)
      expect(problems.errors).toEqual([])
      await context.close()
    }
  }, 60_000)

  test('a reading page loads no island runtime: only the page script', async () => {
    const { context, page } = await newPage(browser)
    const scripts: string[] = []
    page.on('response', (r) => r.headers()['content-type']?.includes('javascript') && scripts.push(new URL(r.url()).pathname))
    await visit(page, owner.url + `/blog/${made.post}`)
    await page.waitForLoadState('networkidle')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]).toMatch(/^\/assets\/site-[\w-]+\.js$/)
    await context.close()
  })
})

describe('with JavaScript off', () => {
  test("a post of the owner's reads: its title, its words, its code", async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false })
    const response = await page.goto(owner.url + `/blog/${made.post}`)
    expect(response?.status()).toBe(200)
    expect(await page.locator('h1').innerText()).toBe('Idempotency keys in Go')
    expect(await page.locator('main').innerText()).toContain('A key per request.')
    expect(await page.locator('main pre').first().innerText()).toContain('Idempotency-Key')
    await context.close()
  })

  test('on a phone the menu reaches every page: the links show, and each one opens its page', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } })
    for (const link of NAV_LINKS) {
      await page.goto(owner.url + '/privacy')
      const nav = page.getByRole('navigation', { name: 'Main' })
      const anchor = nav.getByRole('link', { name: link.label, exact: true })
      expect(await anchor.isVisible()).toBe(true)
      await Promise.all([page.waitForURL(owner.url + link.href), anchor.click()])
      expect(await page.locator('h1').first().innerText()).not.toBe('')
    }
    await context.close()
  })
})
