// A signed-in admin page from a session cookie the test file got once: signing in for every test
// costs half a second of password hashing, and many admin browser tests share one server.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { openAdmin } from './admin-browser'
import { newPage, type PageProblems } from './browser'
import type { TestServer } from '#tests/support/server/server'

export type AdminSite = { server: TestServer; browser: Browser; cookie: string }
export type OpenedPage = { context: BrowserContext; page: Page; problems: PageProblems }

/** A new context carrying the session cookie (a `name=value` string from `server.login()`). */
export async function pageWithSession(site: AdminSite, options: Parameters<Browser['newContext']>[0] = {}): Promise<OpenedPage> {
  const opened = await newPage(site.browser, options)
  const eq = site.cookie.indexOf('=')
  await opened.context.addCookies([
    { name: site.cookie.slice(0, eq), value: site.cookie.slice(eq + 1), url: site.server.url, httpOnly: true, sameSite: 'Strict' },
  ])
  return opened
}

/**
 * A signed-in page on an admin screen, the admin nav showing. `before` runs once the page exists
 * and before it loads anything: install routes, init scripts and request watchers there.
 */
export async function openSignedIn(site: AdminSite, path: string, options: Parameters<Browser['newContext']>[0] = {}, before?: (page: Page) => unknown) {
  const opened = await pageWithSession(site, options)
  await before?.(opened.page)
  await openAdmin(opened.page, site.server, path)
  return opened
}
