// The layout in real Chromium: theme, mobile menu, embed mode, skip link, statuses, no-JS reading.
import { describe, expect, test } from 'bun:test'
import { newPage, visit } from '#tests/support/browser/browser'
import { PUBLIC_PATHS, useSiteAndBrowser } from '#tests/support/browser/e2e'

const site = useSiteAndBrowser()

describe('every public page', () => {
  test.each(PUBLIC_PATHS)('%s answers 200, hydrates without console errors or hydration warnings', async (path) => {
    const { context, page, problems } = await newPage(site.browser)
    const response = await visit(page, site.url(path))
    expect(response?.status()).toBe(200)
    expect(await page.locator('h1').count()).toBe(1)
    await page.waitForTimeout(200)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test.each(PUBLIC_PATHS)('%s is readable with JavaScript disabled', async (path) => {
    const { context, page } = await newPage(site.browser, { javaScriptEnabled: false })
    await page.goto(site.url(path))
    expect((await page.locator('h1').innerText()).length).toBeGreaterThan(0)
    expect(await page.locator('header nav a').count()).toBe(5)
    await context.close()
  })
})

describe('statuses', () => {
  test('an unknown path renders the 404 page with status 404', async () => {
    const { context, page, problems } = await newPage(site.browser)
    const response = await visit(page, site.url('/no/such/page'))
    expect(response?.status()).toBe(404)
    expect(await page.locator('main').getByText("The page you're looking for doesn't exist or was moved.").isVisible()).toBe(true)
    expect(await page.locator('main').innerText()).toContain("The page you're looking for doesn't exist or was moved.")
    expect(await page.locator('main a[href="/"]').count()).toBeGreaterThan(0)
    // Chromium reports the document's own 404; nothing else may fail.
    expect(problems.errors).toEqual(['error: Failed to load resource: the server responded with a status of 404 (Not Found) (/no/such/page)'])
    await context.close()
  })

  test('an unknown project slug is a 404 page too', async () => {
    const { context, page } = await newPage(site.browser)
    const response = await visit(page, site.url('/projects/not-a-project'))
    expect(response?.status()).toBe(404)
    expect(await page.locator('main').innerText()).toContain("doesn't exist or was moved")
    await context.close()
  })

  test('/about redirects permanently to /', async () => {
    const res = await fetch(site.url('/about'), { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/')
  })
})

describe('theme', () => {
  test('defaults to dark, toggles, and persists across a reload', async () => {
    const { context, page } = await newPage(site.browser)
    await visit(page, site.url('/'))
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark')
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
    await visit(page, site.url('/blog'))
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    expect(await page.getByRole('button', { name: 'Switch to dark theme' }).count()).toBe(1)
    await context.close()
  })

  test('is applied before any script but the head one runs (no flash of the wrong theme)', async () => {
    const { context, page } = await newPage(site.browser)
    await visit(page, site.url('/'))
    await page.evaluate(() => localStorage.setItem('theme', 'light'))
    // Block every bundle: only the inline head script can set the theme now.
    await page.route('**/assets/*.js', (route) => route.abort())
    await page.goto(site.url('/projects'))
    expect(await page.getAttribute('html', 'data-theme')).toBe('light')
    await context.close()
  })

  test('syncs across tabs through the storage event', async () => {
    const { context, page } = await newPage(site.browser)
    const other = await context.newPage()
    await visit(page, site.url('/'))
    await visit(other, site.url('/skills'))
    await page.getByRole('button', { name: 'Switch to light theme' }).click()
    await other.waitForFunction(() => document.documentElement.dataset.theme === 'light')
    expect(await other.getByRole('button', { name: 'Switch to dark theme' }).count()).toBe(1)
    await context.close()
  })
})

describe('mobile menu', () => {
  test('below 768 px it opens, closes on a link click, and closes when the viewport reaches 768 px', async () => {
    const { context, page } = await newPage(site.browser, { viewport: { width: 375, height: 740 } })
    await visit(page, site.url('/'))
    const nav = page.locator('header nav')
    const button = page.locator('button.menu-button')
    expect(await nav.isVisible()).toBe(false)
    await button.click()
    expect(await nav.isVisible()).toBe(true)
    await nav.getByRole('link', { name: 'Skills' }).click()
    await page.waitForURL('**/skills')
    expect(await nav.isVisible()).toBe(false)
    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    await page.setViewportSize({ width: 800, height: 740 })
    await page.waitForFunction(() => document.querySelector('button.menu-button')?.getAttribute('aria-expanded') === 'false')
    await page.setViewportSize({ width: 375, height: 740 })
    expect(await nav.isVisible()).toBe(false)
    await context.close()
  })
})

describe('embed mode', () => {
  test('?embed=1 hides header and footer', async () => {
    const { context, page } = await newPage(site.browser)
    await visit(page, site.url('/projects?embed=1'))
    expect(await page.locator('header.site-header').isVisible()).toBe(false)
    expect(await page.locator('footer.site-footer').isVisible()).toBe(false)
    expect(await page.locator('main h1').isVisible()).toBe(true)
    await context.close()
  })

  test('a page inside a frame hides header and footer', async () => {
    const { context, page } = await newPage(site.browser)
    await visit(page, site.url('/privacy'))
    await page.setContent(`<iframe src="${site.url('/skills')}" width="800" height="600" title="embedded"></iframe>`)
    const frame = page.frameLocator('iframe')
    await frame.locator('main h1').waitFor()
    expect(await frame.locator('header.site-header').isVisible()).toBe(false)
    await context.close()
  })
})

describe('keyboard', () => {
  test('the first Tab reaches the skip link, which moves focus to the main content', async () => {
    const { context, page } = await newPage(site.browser)
    await visit(page, site.url('/blog'))
    await page.keyboard.press('Tab')
    const focused = page.locator(':focus')
    expect(await focused.innerText()).toBe('Skip to content')
    expect(await focused.isVisible()).toBe(true)
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await context.close()
  })
})
