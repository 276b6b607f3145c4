// One seeded server and one Chromium for an admin screen's browser tests, and what they share:
// a signed-in page on a screen, problems of extra tabs, expected failed loads, counted writes.
import { afterAll, beforeAll } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { openAdmin } from './admin-browser'
import { launchBrowser, newPage, type PageProblems } from './browser'
import { startTestServer, type TestServer } from '#tests/support/server/server'

/** `env`: the server's environment (the sample site by default). */
export function useAdminSite(env: Record<string, string> = { SEED: 'demo' }) {
  const ctx = {} as { server: TestServer; browser: Browser; cookie: string }
  beforeAll(async () => {
    ;[ctx.server, ctx.browser] = await Promise.all([startTestServer({ env }), launchBrowser()])
    ctx.cookie = await ctx.server.login()
  })
  afterAll(async () => {
    await ctx.browser?.close()
    await ctx.server?.close()
  })
  return ctx
}

/**
 * A signed-in context on an admin screen, with the admin nav showing. Contexts share the file's
 * one session (a sign-in hashes a password, which costs more than the rest of a short test).
 */
export async function openScreen(site: { server: TestServer; browser: Browser; cookie: string }, path: string) {
  const opened = await newPage(site.browser)
  const [name, value] = site.cookie.split('=') as [string, string]
  await opened.context.addCookies([{ name, value, url: site.server.url, httpOnly: true, sameSite: 'Strict' }])
  await openAdmin(opened.page, site.server, path)
  return opened
}

/** Collects console errors and page errors of another tab, as newPage does for the first one. */
export function watchProblems(page: Page, problems: PageProblems = { errors: [] }): PageProblems {
  page.on('console', (msg) => msg.type() === 'error' && problems.errors.push(`${msg.type()}: ${msg.text()}`))
  page.on('pageerror', (error) => problems.errors.push(`pageerror: ${error.message}`))
  return problems
}

/** The page's problems, less Chromium's 'Failed to load resource' lines for the given statuses. */
export function unexpected(problems: PageProblems, ...statuses: number[]): string[] {
  return problems.errors.filter((line) => {
    const status = /Failed to load resource: the server responded with a status of (\d+)/.exec(line)?.[1]
    return !(status && statuses.includes(Number(status)))
  })
}

/** Counts the requests of one method to one API path the page makes from now on. */
export function countRequests(page: Page, method: string, path: string) {
  const seen = { count: 0 }
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === path) seen.count++
  })
  return seen
}

/** A 2x2 PNG (a real image: the server sniffs the bytes). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
)

/** A name no other test uses, so tests sharing one server stay independent. */
let n = 0
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++n}`

/** Reads until `ok` holds (a write's effect shows up after a refetch), then returns the value. */
export async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  let value = await read()
  while (!ok(value) && Date.now() < end) {
    await Bun.sleep(50)
    value = await read()
  }
  return value
}

/** Waits until the focused element matches `selector` (focus moves in an effect after render). */
export async function focused(page: Page, selector: string): Promise<boolean> {
  return page
    .waitForFunction((sel) => document.activeElement?.matches(sel) ?? false, selector, { timeout: 3000 })
    .then(() => true)
    .catch(() => false)
}
