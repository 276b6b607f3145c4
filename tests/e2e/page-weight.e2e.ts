// The JavaScript budget of the public site: at most 100 KB gzip on first load, no admin code.
import { describe, expect, test } from 'bun:test'
import { newPage } from '../support/browser'
import { PUBLIC_PATHS, useSiteAndBrowser } from '../support/e2e'
import { javascriptLoaded } from '../support/page-weight'

const site = useSiteAndBrowser()
export const JS_BUDGET_GZIP = 100 * 1024

describe('first-load JavaScript', () => {
  test.each(PUBLIC_PATHS)('%s loads at most 100 KB of gzip JavaScript and no admin code', async (path) => {
    const { context, page } = await newPage(site.browser)
    const js = await javascriptLoaded(page, site.url(path))
    expect(js.urls.length).toBeGreaterThan(0)
    expect(js.gzipBytes).toBeLessThanOrEqual(JS_BUDGET_GZIP)
    expect(js.urls.some((u) => u.includes('admin'))).toBe(false)
    await context.close()
  })
})
