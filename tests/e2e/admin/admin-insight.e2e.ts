// /admin's insight parts in Chromium against a real server: visits loaded over HTTP as browsers
// send them (each visitor its own address, TRUST_PROXY on) under a manual clock; the panels, row
// filters that combine (mouse and keyboard), chips, a panel's CSV export, stats tokens made and
// revoked, the live figure pushed over the event stream, axe.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import type { AnalyticsSummary, PanelName } from '#src/contract/analytics'
import { manualClock } from '#src/lib/clock'
import { REVOKE_CONFIRM } from '#client/features/analytics/api'
import { focused } from '#tests/support/browser/admin-e2e'
import { openSignedIn, type AdminSite } from '#tests/support/browser/admin-session'
import { axeViolations, launchBrowser } from '#tests/support/browser/browser'
import { startTestServer } from '#tests/support/server/server'
import { browser, pageLoad, USER_AGENTS } from '#tests/support/data/visitors'

const TODAY = '2026-06-15'
const HN = 'https://news.ycombinator.com/item?id=4242'
type Visit = { ua: string; referer?: string; pages: string[] }
/** 3 Chrome and 2 Firefox visitors from Hacker News, 2 Safari iPhones and 1 Firefox direct. */
const VISITS: Visit[] = [
  ...Array.from({ length: 3 }, () => ({ ua: USER_AGENTS.chromeWindows, referer: HN, pages: ['/', '/blog'] })),
  ...Array.from({ length: 2 }, () => ({ ua: USER_AGENTS.firefoxLinux, referer: HN, pages: ['/blog'] })),
  ...Array.from({ length: 2 }, () => ({ ua: USER_AGENTS.safariIphone, pages: ['/projects'] })),
  { ua: USER_AGENTS.firefoxLinux, pages: ['/', '/skills'] },
]

const clock = manualClock(new Date(`${TODAY}T09:00:00Z`))
const site = {} as AdminSite
const load = async (path: string, headers: Record<string, string>) => expect((await site.server.request('GET', path, { headers: { ...pageLoad(), ...headers } })).status).toBe(200)

beforeAll(async () => {
  ;[site.server, site.browser] = await Promise.all([startTestServer({ clock, env: { SEED: 'demo', TRUST_PROXY: '1' } }), launchBrowser()])
  for (const v of VISITS) {
    const headers = browser({ ua: v.ua })
    for (const [i, path] of v.pages.entries()) await load(path, { ...headers, ...(i === 0 && v.referer ? { referer: v.referer } : {}) })
  }
  // Three hours on: nobody is live until a test brings someone.
  clock.set(new Date(`${TODAY}T12:00:00Z`))
  site.cookie = await site.server.login()
})
afterAll(async () => {
  await site.browser?.close()
  await site.server?.close()
})

const summaryApi = async (query = ''): Promise<AnalyticsSummary> => {
  const res = await site.server.get(`/api/admin/analytics/summary?days=30${query && `&${query}`}`, { cookie: site.cookie })
  expect(res.status).toBe(200)
  return res.body
}
const openDashboard = async () => {
  const opened = await openSignedIn(site, '/admin')
  await opened.page.locator('.dashboard-summary h2', { hasText: 'Last 30 days' }).waitFor()
  return opened
}

/** Total views and Unique visitors as the page shows them. */
const figures = (page: Page) =>
  page.locator('.dashboard-summary .dashboard-figures > div').evaluateAll((divs) =>
    Object.fromEntries(divs.flatMap((d) => (d.querySelector('dd.dashboard-change') ? [[d.querySelector('dt')!.textContent!.trim(), d.querySelector('dd')!.textContent!.trim()]] : []))),
  )
const apiFigures = ({ totals }: AnalyticsSummary) => ({ 'Total views': String(totals.views), 'Unique visitors': String(totals.visitors) })

/** A panel's rows as shown: label, visitors, views. */
const panelRows = (page: Page, name: PanelName) =>
  page.locator(`table[data-panel="${name}"] tbody tr`).evaluateAll((rows) =>
    rows.map((r) => [r.querySelector('.dashboard-row-label')!.textContent!.trim(), ...[...r.querySelectorAll('td')].map((c) => c.textContent!.trim())]),
  )
const apiRows = (s: AnalyticsSummary, name: PanelName) => s.panels[name].map((r) => [r.value || (name === 'referrer' ? 'Direct / none' : '(none)'), String(r.visitors), String(r.views)])

/** Waits until the chips read `chips` and the summary for them has arrived. */
async function showsFilters(page: Page, chips: string[]) {
  await page.waitForFunction((want) => JSON.stringify([...document.querySelectorAll('.dashboard-chip > span')].map((s) => s.textContent)) === want, JSON.stringify(chips))
  await page.locator('.dashboard-summary[aria-busy="false"]').waitFor()
}
const rowButton = (page: Page, name: PanelName, label: string) => page.locator(`table[data-panel="${name}"]`).getByRole('button', { name: label })

/** Presses Tab until the focused element reads `text`; false if it is not reached in `max` presses. */
async function tabTo(page: Page, text: string, max = 60): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((t) => document.activeElement?.textContent?.trim() === t, text)) return true
  }
  return false
}

describe('panels and filters', () => {
  test('the panels show the sources and browsers the API reports', async () => {
    const { context, page, problems } = await openDashboard()
    const api = await summaryApi()
    expect(api.totals).toEqual({ views: 12, uniquePaths: 4, visitors: 8 })
    expect(await figures(page)).toEqual({ 'Total views': '12', 'Unique visitors': '8' })
    expect(await panelRows(page, 'referrer')).toEqual([['news.ycombinator.com', '5', '8'], ['Direct / none', '3', '4']])
    expect(await panelRows(page, 'browser')).toEqual(apiRows(api, 'browser'))
    expect(Object.fromEntries((await panelRows(page, 'browser')).map(([b, visitors]) => [b, visitors]))).toEqual({ Chrome: '3', Firefox: '3', Safari: '2' })
    expect(await panelRows(page, 'device')).toEqual(apiRows(api, 'device'))
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a Sources row filters the whole dashboard, a Browsers row adds to it, a chip removes its filter', async () => {
    const { context, page, problems } = await openDashboard()
    const hn = rowButton(page, 'referrer', 'Filter by Source: news.ycombinator.com')
    await hn.click()
    await showsFilters(page, ['Source: news.ycombinator.com'])
    const byHn = await summaryApi('referrer=news.ycombinator.com')
    expect(await figures(page)).toEqual({ ...apiFigures(byHn), 'Total views': '8', 'Unique visitors': '5' })
    expect(await hn.getAttribute('aria-pressed')).toBe('true')
    expect(await panelRows(page, 'browser')).toEqual(apiRows(byHn, 'browser'))

    await rowButton(page, 'browser', 'Filter by Browser: Firefox').click()
    await showsFilters(page, ['Source: news.ycombinator.com', 'Browser: Firefox'])
    const both = await summaryApi('referrer=news.ycombinator.com&browser=Firefox')
    expect(await figures(page)).toEqual({ ...apiFigures(both), 'Total views': '2', 'Unique visitors': '2' })
    expect(await panelRows(page, 'path')).toEqual([['/blog', '2', '2']])

    await page.getByRole('button', { name: 'Remove filter Source: news.ycombinator.com' }).click()
    await showsFilters(page, ['Browser: Firefox'])
    expect(await figures(page)).toEqual({ ...apiFigures(await summaryApi('browser=Firefox')), 'Total views': '4', 'Unique visitors': '3' })
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await showsFilters(page, [])
    expect(await figures(page)).toEqual({ 'Total views': '12', 'Unique visitors': '8' })
    expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the rows are reached with Tab and filter with Enter, which keeps the focus on the row', async () => {
    const { context, page, problems } = await openDashboard()
    // Nothing focusable between the controls and the panels: the next Tab is the first Sources row.
    await page.getByRole('link', { name: 'Export daily aggregates (JSON)' }).focus()
    expect(await tabTo(page, 'Filter by Source: news.ycombinator.com', 1)).toBe(true)
    await page.keyboard.press('Enter')
    await showsFilters(page, ['Source: news.ycombinator.com'])
    expect(await focused(page, 'table[data-panel="referrer"] button[aria-pressed="true"]')).toBe(true)
    expect(await tabTo(page, 'Filter by Browser: Firefox')).toBe(true)
    await page.keyboard.press('Enter')
    await showsFilters(page, ['Source: news.ycombinator.com', 'Browser: Firefox'])
    expect(await figures(page)).toEqual(apiFigures(await summaryApi('referrer=news.ycombinator.com&browser=Firefox')))
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the Sources CSV export downloads the rows the panel shows, filtered as the dashboard is', async () => {
    const { context, page, problems } = await openDashboard()
    const csv = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export Sources as CSV' }).click()])
      return readFileSync((await download.path())!, 'utf8')
    }
    const asCsv = (rows: string[][]) => ['source,visitors,views', ...rows.map(([label, ...counts]) => [label === 'Direct / none' ? '' : label, ...counts].join(','))].join('\r\n') + '\r\n'
    expect(await csv()).toBe(asCsv(await panelRows(page, 'referrer')))
    expect(await csv()).toBe('source,visitors,views\r\nnews.ycombinator.com,5,8\r\n,3,4\r\n')
    await rowButton(page, 'browser', 'Filter by Browser: Firefox').click()
    await showsFilters(page, ['Browser: Firefox'])
    expect(await csv()).toBe(asCsv(await panelRows(page, 'referrer')))
    expect(await csv()).toBe('source,visitors,views\r\nnews.ycombinator.com,2,2\r\n,1,2\r\n')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the dashboard with panels, and with a filter on, has no serious or critical axe violations', async () => {
    const { context, page } = await openDashboard()
    expect(await axeViolations(page)).toEqual([])
    await rowButton(page, 'referrer', 'Filter by Source: news.ycombinator.com').click()
    await showsFilters(page, ['Source: news.ycombinator.com'])
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('stats API tokens', () => {
  test('a token made in the page reads /api/stats/summary until it is revoked there', async () => {
    const { context, page, problems } = await openDashboard()
    const stats = () => site.server.get('/api/stats/summary?days=30', { headers: { authorization: `Bearer ${token}` } })
    await page.getByLabel('Token name').fill('weekly report')
    await page.getByRole('button', { name: 'Create token' }).click()
    const secret = page.getByLabel('New token “weekly report”')
    expect(await secret.isEditable()).toBe(false)
    const token = await secret.inputValue()
    expect(token).toStartWith('fst_')
    const res = await stats()
    expect(res.status).toBe(200)
    expect(res.body.totals).toEqual((await summaryApi()).totals)

    const revoke = page.getByRole('button', { name: 'Revoke the token weekly report' })
    const asked: string[] = []
    page.once('dialog', (d) => (asked.push(d.message()), d.dismiss()))
    await revoke.click()
    expect((await stats()).status).toBe(200)
    page.once('dialog', (d) => (asked.push(d.message()), d.accept()))
    await revoke.click()
    await page.getByText('No stats tokens yet.').waitFor()
    expect(asked).toEqual([REVOKE_CONFIRM, REVOKE_CONFIRM])
    expect((await stats()).status).toBe(401)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('the live figure', () => {
  test("a new visitor's page load shows in 'Visitors in the last 5 minutes' within seconds, and leaves it 5 minutes on", async () => {
    const { context, page, problems } = await openDashboard()
    const live = page.locator('.dashboard-live dd')
    expect(await page.locator('.dashboard-live dt').innerText()).toBe('Visitors in the last 5 minutes')
    await page.locator('.dashboard-live dd', { hasText: /^0$/ }).waitFor()
    await load('/privacy', browser({ ua: USER_AGENTS.safariIphone }))
    const started = Date.now()
    await page.locator('.dashboard-live dd', { hasText: /^1$/ }).waitFor({ timeout: 5000 })
    // The server checks every 2 s.
    expect(Date.now() - started).toBeLessThan(4500)
    expect(await live.getAttribute('title')).toBe('as of 15 Jun 2026, 12:00:00 UTC')
    clock.advance(5 * 60_000 + 1000)
    await page.locator('.dashboard-live dd', { hasText: /^0$/ }).waitFor({ timeout: 5000 })
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
