// Browser helpers for the admin: a signed-in context (cookie from a real login over the API).
import type { Browser, Page } from 'playwright-core'
import { newPage } from './browser'
import type { TestServer } from '#tests/support/server/server'

export async function adminPage(browser: Browser, server: TestServer, options: Parameters<Browser['newContext']>[0] = {}) {
  const opened = await newPage(browser, options)
  const [name, value] = (await server.login()).split('=') as [string, string]
  await opened.context.addCookies([{ name, value, url: server.url, httpOnly: true, sameSite: 'Strict' }])
  return opened
}

/** Opens an admin screen and waits until the guard has let it through. */
export async function openAdmin(page: Page, server: TestServer, path = '/admin') {
  await page.goto(server.url + path)
  await page.waitForSelector('nav[aria-label="Admin"]', { timeout: 10_000 })
}
