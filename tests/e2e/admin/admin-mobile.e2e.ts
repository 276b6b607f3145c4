// The admin on a phone (issue 20, decision 055) in Chromium at 390×844: no screen scrolls
// sideways, the "Menu" disclosure by mouse and keyboard, a whole session without one console
// error or failed request, axe with the menu open in both themes.
import { beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { focused, useAdminSite } from '#tests/support/browser/admin-e2e'
import { openSignedIn } from '#tests/support/browser/admin-session'
import { axeViolations, newPage } from '#tests/support/browser/browser'
import { browser as visitor } from '#tests/support/data/visitors'
import { ADMIN } from '#tests/support/server/server'

const PHONE = { viewport: { width: 390, height: 844 } }
/** The screens of the signed-in admin, as their nav labels name them, and the not-found screen. */
const SCREENS: [label: string, path: string][] = [
  ['Dashboard', '/admin'],
  ['Resumes', '/admin/resumes'],
  ['Messages', '/admin/messages'],
  ['Projects', '/admin/projects'],
  ['Blog Posts', '/admin/posts'],
  ['Skills', '/admin/skills'],
  ['Backups', '/admin/backups'],
  ['Settings', '/admin/settings'],
  ['Security', '/admin/security'],
]
const LONG = 'a-very-long-slug-that-keeps-going-and-going-without-a-single-space'

const site = useAdminSite({ SEED: 'demo', TRUST_PROXY: '1' })
beforeAll(async () => {
  // Long strings where a phone is narrowest: analytics rows and an unread message.
  for (let i = 0; i < 6; i++) {
    const body = { path: `/blog/${LONG}-${i}?utm_source=newsletter-${LONG}`, referrer: `https://www.${LONG}.example.com/${i}` }
    expect((await site.server.request('POST', '/api/analytics/pv', { body, headers: visitor() })).status).toBe(204)
  }
  await sendMessage()
})

/** A new message: unread until the Messages screen is opened. */
async function sendMessage() {
  const message = { name: 'Ada Lovelace', email: `ada.${LONG}@example.org`, message: `Hello! ${LONG.repeat(3)} and more words to read.`, reason: 'general' }
  expect((await site.server.request('POST', '/api/contact', { body: message, headers: { ...visitor(), origin: site.server.url } })).status).toBe(200)
}

const sideways = (page: Page) => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
const settled = (page: Page) => page.waitForLoadState('networkidle').catch(() => undefined)
const menu = (page: Page) => page.getByRole('button', { name: 'Menu' })
const navList = (page: Page) => page.locator('#admin-nav-list')

describe('every admin screen at 390×844', () => {
  test.each([...SCREENS, ['not found', '/admin/no-such-screen'] as [string, string]])('%s does not scroll sideways', async (_, path) => {
    const { context, page } = await openSignedIn(site, path, PHONE)
    await settled(page)
    const { scrollWidth, innerWidth } = await sideways(page)
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    await context.close()
  })

  test.each([
    ['Login', '/admin/login'],
    ['Setup', '/admin/setup'],
  ])('%s does not scroll sideways', async (_, path) => {
    const { context, page } = await newPage(site.browser, PHONE)
    await page.goto(site.server.url + path)
    await page.locator('h1').first().waitFor()
    await settled(page)
    const { scrollWidth, innerWidth } = await sideways(page)
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth)
    await context.close()
  })
})

describe('the Menu button below 768 px', () => {
  test('opens the nav by mouse and closes it on navigation, focus on the new screen', async () => {
    await sendMessage()
    const { context, page } = await openSignedIn(site, '/admin', PHONE)
    expect(await navList(page).isVisible()).toBe(false)
    expect(await menu(page).getAttribute('aria-expanded')).toBe('false')
    expect(await menu(page).getAttribute('aria-controls')).toBe('admin-nav-list')
    // The unread count rides on the button while the list is closed.
    expect(await menu(page).locator('.nav-badge').isVisible()).toBe(true)
    await menu(page).click()
    expect(await menu(page).getAttribute('aria-expanded')).toBe('true')
    const items = await navList(page).locator('li').evaluateAll((lis) => lis.map((li) => li.getBoundingClientRect().left))
    expect(new Set(items).size).toBe(1) // one item a row
    expect(await page.getByRole('link', { name: /^Messages/ }).locator('.nav-badge').isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Projects' }).click()
    await page.waitForURL('**/admin/projects')
    expect(await menu(page).getAttribute('aria-expanded')).toBe('false')
    expect(await navList(page).isVisible()).toBe(false)
    expect(await focused(page, '#admin-main')).toBe(true)
    await menu(page).click()
    await menu(page).click()
    expect(await navList(page).isVisible()).toBe(false)
    await context.close()
  })

  test('opens by keyboard, Tab walks the list, Escape closes it and gives focus back', async () => {
    const { context, page } = await openSignedIn(site, '/admin/resumes', PHONE)
    await menu(page).focus()
    await page.keyboard.press('Enter')
    expect(await navList(page).isVisible()).toBe(true)
    await page.keyboard.press('Tab')
    expect(await focused(page, '#admin-nav-list li:first-child a')).toBe(true)
    await page.keyboard.press('Escape')
    expect(await navList(page).isVisible()).toBe(false)
    expect(await focused(page, '.menu-button')).toBe(true)
    await page.keyboard.press('Space')
    expect(await navList(page).isVisible()).toBe(true)
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab')
    expect(await focused(page, '#admin-nav-list li:nth-child(3) a')).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL('**/admin/messages')
    expect(await navList(page).isVisible()).toBe(false)
    await context.close()
  })

  test('is not there from 768 px: the nav is the inline bar', async () => {
    const { context, page } = await openSignedIn(site, '/admin', { viewport: { width: 768, height: 800 } })
    expect(await menu(page).isVisible()).toBe(false)
    expect(await navList(page).isVisible()).toBe(true)
    const tops = await navList(page).locator('li').evaluateAll((lis) => lis.map((li) => Math.round(li.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1) // one row
    await context.close()
  })

  test.each(['dark', 'light'])('the dashboard with the menu open has no serious axe finding (%s)', async (theme) => {
    const { context, page } = await openSignedIn(site, '/admin', PHONE, (p) => p.context().addInitScript((t) => localStorage.setItem('theme', t), theme))
    await settled(page)
    await menu(page).click()
    expect(await page.evaluate(() => document.documentElement.dataset.theme ?? localStorage.getItem('theme'))).toBe(theme)
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

test('a whole admin session on a phone logs no console error and no failed request', async () => {
  const { context, page, problems } = await newPage(site.browser, PHONE)
  const failed: string[] = []
  page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`))
  // A request the page cancels when it leaves (the live visitors' stream) is no failure.
  page.on('requestfailed', (r) => r.failure()?.errorText !== 'net::ERR_ABORTED' && failed.push(`failed ${r.method()} ${new URL(r.url()).pathname}`))
  // A bookmark of the dashboard while signed out: the guard's check, then the login page.
  await page.goto(site.server.url + '/admin')
  await page.waitForURL('**/admin/login')
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.waitForURL(/\/admin\/?$/)
  for (const [label, path] of SCREENS) {
    await menu(page).click()
    await page.getByRole('link', { name: new RegExp(`^${label}`) }).click()
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === path)
    await settled(page)
  }
  await page.goto(site.server.url + '/admin/no-such-screen')
  await page.getByRole('heading', { level: 1 }).waitFor()
  await menu(page).click()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL('**/admin/login')
  await settled(page)
  expect({ errors: problems.errors, failed }).toEqual({ errors: [], failed: [] })
  await context.close()
}, 60_000)
