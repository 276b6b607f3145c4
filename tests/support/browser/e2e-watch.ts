// Watching and steering a Chromium page in e2e tests: API requests seen, slow or gated routes,
// a marker that tells a client-side navigation from a full reload.
import type { Page, Route } from 'playwright-core'

/** Every request under `prefix` the page (and its frames) makes from now on, as path plus query. */
export function requestsTo(page: Page, prefix = '/api/'): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith(prefix)) seen.push(url.pathname + url.search)
  })
  return seen
}

/** A route matcher for one API path, whatever its query. */
export const apiPath = (path: string) => (url: URL) => url.pathname === path

/** Lets a request through after `ms`. A page closed meanwhile is not an error of the test. */
export const delayed = (ms: number) => async (route: Route) => {
  await Bun.sleep(ms)
  await route.continue().catch(() => undefined)
}

/** A promise the test opens when it wants: hold a response until the page state was checked. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/** Marks the current document; the mark survives client-side navigation but not a page load. */
export const markDocument = (page: Page) =>
  page.evaluate(() => {
    ;(window as unknown as { e2eMark?: string }).e2eMark = 'same document'
  })

export const documentKept = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: string }).e2eMark === 'same document')

/** Texts of every element a selector matches, trimmed. */
export async function textsOf(page: Page, selector: string): Promise<string[]> {
  return (await page.locator(selector).allInnerTexts()).map((t) => t.trim())
}

/**
 * Records, inside the page, every text an element shows from now on (a MutationObserver sees
 * states too brief for polling from the test). Read it back with `seenTexts`.
 */
export const watchTexts = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const w = window as unknown as { e2eTexts?: string[] }
    w.e2eTexts = []
    const target = document.querySelector(sel)
    if (!target) throw new Error(`nothing matches ${sel}`)
    w.e2eTexts.push(target.textContent ?? '')
    new MutationObserver(() => w.e2eTexts!.push(target.textContent ?? '')).observe(target, { childList: true, subtree: true, characterData: true })
  }, selector)

export const seenTexts = (page: Page) => page.evaluate(() => (window as unknown as { e2eTexts?: string[] }).e2eTexts ?? [])
