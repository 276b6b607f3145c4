// Budgets of the public site: JavaScript per page on first load (gzip) and time to first byte.
import { launchBrowser } from '#tests/support/browser/browser'
import { PUBLIC_PATHS } from '#tests/support/browser/e2e'
import { javascriptLoaded } from '#tests/support/browser/page-weight'
import { median, percentile } from './stats'

/** `admin`: an admin- chunk was among the page's scripts (it never should be). */
export type SiteBudgets = { js: { path: string; gzipKB: number; admin: boolean; scripts: number }[]; ttfbMs: { path: string; median: number; p90: number }[] }

/** Time to the first byte of the body, over a fresh request each time (100 runs). */
async function ttfb(url: string, runs = 100): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    const res = await fetch(url)
    const reader = res.body!.getReader()
    await reader.read()
    times.push(performance.now() - start)
    await reader.cancel()
  }
  return times
}

export async function measureSiteBudgets(base: string): Promise<SiteBudgets> {
  const browser = await launchBrowser()
  const js: SiteBudgets['js'] = []
  for (const path of PUBLIC_PATHS) {
    const page = await browser.newPage()
    const loaded = await javascriptLoaded(page, base + path)
    const admin = loaded.urls.some((u) => u.split('/').at(-1)!.startsWith('admin-'))
    js.push({ path, gzipKB: Math.round(loaded.gzipBytes / 102.4) / 10, admin, scripts: loaded.urls.length })
    await page.close()
  }
  await browser.close()
  const ttfbMs: SiteBudgets['ttfbMs'] = []
  for (const path of ['/', '/blog', '/projects/tokenfolio-dapp']) {
    const t = await ttfb(base + path)
    ttfbMs.push({ path, median: Math.round(median(t) * 100) / 100, p90: Math.round(percentile(t, 90) * 100) / 100 })
  }
  return { js, ttfbMs }
}
