// The admin shell in Chromium: login, the guard, navigation, sign out, session expiry.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { HOUR, manualClock } from '#src/lib/clock'
import { adminPage, openAdmin } from '#tests/support/browser/admin-browser'
import { axeViolations, launchBrowser, newPage } from '#tests/support/browser/browser'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

const clock = manualClock(new Date())
let server: TestServer
let browser: Browser
beforeAll(async () => {
  server = await startTestServer({ env: { SEED: 'demo' }, clock })
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser.close()
  await server.close()
})

describe('admin login and guard', () => {
  test('an anonymous visit to /admin is sent to /admin/login, replacing history', async () => {
    const { context, page, problems } = await newPage(browser)
    await page.goto(server.url + '/privacy')
    const before = await page.evaluate(() => history.length)
    await page.goto(server.url + '/admin/projects')
    await page.waitForURL('**/admin/login')
    await page.getByText('Sessions last 12 hours.').waitFor()
    // The guarded URL is replaced, not kept: one new history entry, not two.
    expect(await page.evaluate(() => history.length)).toBe(before + 1)
    await page.goBack()
    await page.waitForURL('**/privacy')
    expect(problems.errors.filter((e) => !e.includes('401'))).toEqual([])
    await context.close()
  })

  test('wrong credentials show the server message; right ones go to the dashboard', async () => {
    const { context, page } = await newPage(browser)
    await page.goto(server.url + '/admin/login')
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill('wrong password!')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    expect(await page.getByRole('alert').innerText()).toBe('Invalid credentials')
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL(/\/admin\/?$/)
    await page.waitForSelector('nav[aria-label="Admin"]')
    const nav = await page.locator('nav[aria-label="Admin"] li').allInnerTexts()
    expect(nav).toEqual(['Dashboard', 'Resumes', 'Messages', 'Projects', 'Blog Posts', 'Skills', 'Backups', 'Settings', 'Security', 'Sign out'])
    await context.close()
  })

  test('both fields are required before anything is sent', async () => {
    const { context, page } = await newPage(browser)
    let sent = 0
    page.on('request', (r) => r.url().endsWith('/api/admin/login') && sent++)
    await page.goto(server.url + '/admin/login')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    expect(await page.getByRole('alert').isVisible()).toBe(true)
    expect(sent).toBe(0)
    await context.close()
  })

  test('sign out ends the session and returns to login', async () => {
    const { context, page } = await adminPage(browser, server)
    await openAdmin(page, server)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL('**/admin/login')
    await page.goto(server.url + '/admin')
    await page.waitForURL('**/admin/login')
    await context.close()
  })

  test('the admin bundle is separate: the shell never loads site code and the site never loads admin code', async () => {
    const { context, page } = await adminPage(browser, server)
    const scripts: string[] = []
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname))
    await openAdmin(page, server)
    expect(scripts.some((s) => s.startsWith('/assets/admin-'))).toBe(true)
    expect(scripts.some((s) => s.startsWith('/assets/site-'))).toBe(false)
    await context.close()
  })

  test('the login screen and the dashboard have no serious or critical axe violations', async () => {
    const anon = await newPage(browser)
    await anon.page.goto(server.url + '/admin/login')
    await anon.page.getByRole('button', { name: 'Sign in', exact: true }).waitFor()
    expect(await axeViolations(anon.page)).toEqual([])
    await anon.context.close()
  })
})

describe('session expiry', () => {
  test('an expired session sends the next action to login with a message, and typing survives', async () => {
    const { context, page } = await adminPage(browser, server)
    await openAdmin(page, server, '/admin/posts')
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A draft that must survive')
    await page.getByRole('textbox', { name: 'Summary', exact: true }).fill('Typed while the session ran out.')
    await page.getByRole('textbox', { name: 'Body', exact: true }).fill('A body that is long enough to be saved.')
    clock.advance(12 * HOUR + 1000)
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.waitForURL('**/admin/login**')
    expect(await page.getByText('Your session has expired. Please sign in again.').isVisible()).toBe(true)
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL('**/admin/posts')
    expect(await page.getByRole('textbox', { name: 'Title', exact: true }).inputValue()).toBe('A draft that must survive')
    expect(await page.getByRole('textbox', { name: 'Body', exact: true }).inputValue()).toBe('A body that is long enough to be saved.')
    await context.close()
  })
})
