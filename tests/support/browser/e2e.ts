// One seeded server and one Chromium for a browser test file.
import { afterAll, beforeAll } from 'bun:test'
import type { Browser } from 'playwright-core'
import { launchBrowser } from './browser'
import { startTestServer, type TestServer, type TestServerOptions } from '#tests/support/server/server'

export function useSiteAndBrowser(env: Record<string, string> = {}, config: TestServerOptions['config'] = {}) {
  const ctx = {} as { server: TestServer; browser: Browser; url: (path: string) => string }
  beforeAll(async () => {
    ctx.server = await startTestServer({ env: { SEED: 'demo', ...env }, config })
    ctx.browser = await launchBrowser()
    ctx.url = (path: string) => ctx.server.url + path
  })
  afterAll(async () => {
    await ctx.browser?.close()
    await ctx.server?.close()
  })
  return ctx
}

/** Every public page of spec section 2 with content from the sample site. */
export const PUBLIC_PATHS = ['/', '/projects', '/projects/tokenfolio-dapp', '/demo/dapp', '/blog', '/blog/a-uart-in-80-lines-of-vhdl', '/skills', '/contact', '/privacy']

/** The landing page of a one-time resume link (no link behind it: it must still render). */
export const RESUME_PATH = '/resume/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG'
