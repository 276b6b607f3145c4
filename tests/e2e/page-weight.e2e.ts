// The JavaScript budget of the public site: at most 96 KB gzip on first load, no admin code.
// 95 KB until issue 19: the owner's links from settings in the shared footer took the demo page,
// then a few bytes under, past it by about 200 bytes (decision 051).
import { describe, expect, test } from 'bun:test'
import { newPage } from '#tests/support/browser/browser'
import { PUBLIC_PATHS, useSiteAndBrowser } from '#tests/support/browser/e2e'
import { javascriptLoaded } from '#tests/support/browser/page-weight'

const site = useSiteAndBrowser()
/** Gzip bytes as folio sends them; React, React DOM, React Query and wouter take about 80 KB. */
export const JS_BUDGET_GZIP = 96 * 1024

describe('first-load JavaScript', () => {
  test.each(PUBLIC_PATHS)('%s loads at most 96 KB of gzip JavaScript and no admin code', async (path) => {
    const { context, page } = await newPage(site.browser)
    const js = await javascriptLoaded(page, site.url(path))
    expect(js.urls.length).toBeGreaterThan(0)
    expect(js.gzipBytes).toBeLessThanOrEqual(JS_BUDGET_GZIP)
    expect(js.urls.some((u) => u.includes('admin'))).toBe(false)
    await context.close()
  })

  test('a live site never downloads the static-export code', async () => {
    const { context, page } = await newPage(site.browser)
    const js = await javascriptLoaded(page, site.url('/blog'))
    const bodies = await Promise.all(js.urls.map(async (u) => (await fetch(site.url(u))).text()))
    expect(bodies.some((code) => code.includes('cannot load that; the page itself has everything it shows'))).toBe(false)
    await context.close()
  })
})
