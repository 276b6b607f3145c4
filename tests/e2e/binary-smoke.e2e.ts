// The compiled binary, alone in an empty directory, in Chromium: public pages hydrate without a
// console error, the home page passes axe, share cards are drawn, and the admin signs in through its form.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { startBinary, type RunningBinary } from '#tests/support/server/binary'
import { axeViolations, launchBrowser, newPage, visit } from '#tests/support/browser/browser'
import { ADMIN } from '#tests/support/server/server'

let app: RunningBinary
let browser: Browser
beforeAll(async () => {
  ;[app, browser] = await Promise.all([startBinary({ env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } }), launchBrowser()])
}, 120_000)
afterAll(async () => {
  await browser?.close()
  if (app) expect(await app.stop()).toBe(0)
})

test.each([
  ['/', 'h1'],
  ['/projects/tokenfolio-dapp', 'h1'],
  ['/blog/a-uart-in-80-lines-of-vhdl', 'article h1'],
])('%s renders, hydrates and logs no console error', async (path, heading) => {
  const { context, page, problems } = await newPage(browser)
  const response = await visit(page, app.url + path)
  expect(response?.status()).toBe(200)
  expect((await page.locator(heading).first().innerText()).trim()).not.toBe('')
  expect(problems.errors).toEqual([])
  await context.close()
})

test("the binary draws share cards from what it carries (resvg's WebAssembly, Inter's woff)", async () => {
  const res = await fetch(`${app.url}/og/posts/a-uart-in-80-lines-of-vhdl.png`)
  expect(res.status).toBe(200)
  const png = new Uint8Array(await res.arrayBuffer())
  const view = new DataView(png.buffer)
  expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630])
})

test('/ has no serious or critical axe violations', async () => {
  const { context, page } = await newPage(browser)
  await visit(page, `${app.url}/`)
  expect(await axeViolations(page)).toEqual([])
  await context.close()
})

test('the admin signs in at /admin/login and lands on the dashboard', async () => {
  const { context, page, problems } = await newPage(browser)
  await page.goto(`${app.url}/admin/login`)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/admin\/?$/)
  await page.waitForSelector('nav[aria-label="Admin"]', { timeout: 10_000 })
  expect(await page.locator('nav[aria-label="Admin"]').getByText('Dashboard').count()).toBe(1)
  expect(problems.errors).toEqual([])
  await context.close()
})
