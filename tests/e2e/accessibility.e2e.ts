// axe-core on every public page, in both themes and on a phone: no serious or critical violations.
import { describe, expect, test } from 'bun:test'
import { axeViolations, newPage, visit } from '#tests/support/browser/browser'
import { PUBLIC_PATHS, useSiteAndBrowser } from '#tests/support/browser/e2e'

const site = useSiteAndBrowser()
const PAGES = [...PUBLIC_PATHS, '/no/such/page']

describe.each(['dark', 'light'])('in the %s theme', (theme) => {
  test.each(PAGES)('%s has no serious or critical axe violations', async (path) => {
    const { context, page } = await newPage(site.browser)
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme)
    await visit(page, site.url(path))
    expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('on a phone', () => {
  test.each(['/', '/blog', '/contact'])('%s has no serious or critical axe violations with the menu open', async (path) => {
    const { context, page } = await newPage(site.browser, { viewport: { width: 375, height: 740 } })
    await visit(page, site.url(path))
    await page.locator('button.menu-button').click()
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})
