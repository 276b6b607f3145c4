// The JavaScript budgets of decision 066, as Chromium downloads them: a reading page at most 4 KB
// gzip, an interactive page at most 60 KB, never admin code. (Issue 33: was 96 KB for every page;
// tests/api/web/page-budgets.test.ts reads the same budgets from the server's answers.)
import { describe, expect, test } from 'bun:test'
import { newPage } from '#tests/support/browser/browser'
import { PUBLIC_PATHS, useSiteAndBrowser } from '#tests/support/browser/e2e'
import { javascriptLoaded } from '#tests/support/browser/page-weight'

const site = useSiteAndBrowser()
const INTERACTIVE = new Set(['/projects', '/blog', '/skills', '/contact', '/demo/dapp'])
export const READING_JS_GZIP = 4 * 1024
export const INTERACTIVE_JS_GZIP = 60 * 1024

describe('first-load JavaScript', () => {
  test.each(PUBLIC_PATHS)('%s stays within its budget and loads no admin code', async (path) => {
    const { context, page } = await newPage(site.browser)
    const js = await javascriptLoaded(page, site.url(path))
    expect(js.urls.length).toBeGreaterThan(0)
    expect(js.gzipBytes).toBeLessThanOrEqual(INTERACTIVE.has(path) ? INTERACTIVE_JS_GZIP : READING_JS_GZIP)
    expect(js.urls.some((u) => u.includes('admin'))).toBe(false)
    await context.close()
  })
})
