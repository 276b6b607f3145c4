// /admin (the dashboard) in Chromium against a real server: page views recorded on several days
// through the beacon API under a manual clock, each by a person of its own (a browser's headers,
// its own address), the ranges, the figures with their change, both tables, the chart, the
// empty texts, a failed summary, axe.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { manualClock } from '#src/lib/clock'
import { openAdmin } from '#tests/support/browser/admin-browser'
import { unexpected } from '#tests/support/browser/admin-e2e'
import { openSignedIn, pageWithSession, type AdminSite } from '#tests/support/browser/admin-session'
import { axeViolations, launchBrowser } from '#tests/support/browser/browser'
import { apiPath, requestsTo } from '#tests/support/browser/e2e-watch'
import { startTestServer } from '#tests/support/server/server'
import { browser } from '#tests/support/data/visitors'

const TODAY = '2026-06-15'
/** [day, path, views]: today, 3 and 14 days ago, 56 days ago (in 90 only), 196 days ago (all time only). */
const VIEWS: [string, string, number][] = [
  [TODAY, '/projects', 3],
  [TODAY, '/blog', 2],
  [TODAY, '/', 1],
  [TODAY, '/contact', 1],
  ['2026-06-12', '/projects', 2],
  ['2026-06-12', '/skills', 1],
  ['2026-06-01', '/blog', 4],
  ['2026-04-20', '/privacy', 2],
  ['2025-12-01', '/blog/old-post', 1],
]

// The server's clock decides both the day a view is stored under and the dashboard's "today".
const clock = manualClock(new Date(`${TODAY}T12:00:00Z`))
// Each view a person of its own (one address each), so visitors equal views day by day.
const ENV = { TRUST_PROXY: '1' }
const site = {} as AdminSite
beforeAll(async () => {
  ;[site.server, site.browser] = await Promise.all([startTestServer({ clock, env: ENV }), launchBrowser()])
  const server = site.server
  for (const [day, path, n] of VIEWS) {
    clock.set(new Date(`${day}T09:30:00Z`))
    for (let i = 0; i < n; i++) expect((await server.request('POST', '/api/analytics/pv', { body: { path }, headers: browser() })).status).toBe(204)
  }
  clock.set(new Date(`${TODAY}T12:00:00Z`))
  site.cookie = await server.login()
})
afterAll(async () => {
  await site.browser?.close()
  await site.server?.close()
})

async function openDashboard(on: AdminSite = site) {
  let seen: string[] = []
  const opened = await openSignedIn(on, '/admin', {}, (page) => (seen = requestsTo(page, '/api/admin/analytics/summary')))
  return { ...opened, seen }
}

const summaryApi = async (query: string) => {
  const res = await site.server.get(`/api/admin/analytics/summary?${query}`, { cookie: site.cookie })
  expect(res.status).toBe(200)
  return res.body
}

const heading = (page: Page) => page.locator('.dashboard-summary h2')
const showsRange = (page: Page, label: string) => page.locator('.dashboard-summary h2', { hasText: label }).waitFor()

/** The dashboard's figures: Total views, Unique visitors, Unique paths, Range start, Range end. */
const figures = (page: Page) =>
  page.locator('.dashboard-summary .dashboard-figures > div').evaluateAll((divs) =>
    Object.fromEntries(divs.map((d) => [d.querySelector('dt')!.textContent!.trim(), d.querySelector('dd')!.textContent!.trim()])),
  )
/** The change against the period before, for the figures that show one. */
const changes = (page: Page) =>
  page.locator('.dashboard-summary .dashboard-figures > div:has(dd.dashboard-change)').evaluateAll((divs) =>
    Object.fromEntries(divs.map((d) => [d.querySelector('dt')!.textContent!.trim(), d.querySelector('dd.dashboard-change')!.textContent!.trim()])),
  )
const NO_PREVIOUS = { 'Total views': 'no previous data', 'Unique visitors': 'no previous data' }

const topPaths = (page: Page) =>
  page.locator('table.dashboard-top-paths tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent!.trim())))

const dailyRows = (page: Page) =>
  page.locator('table.dashboard-daily tbody tr').evaluateAll((rows) =>
    rows.map((r) => ({
      day: r.querySelector('th')!.textContent!.trim(),
      total: r.querySelector('td.num')!.textContent!.trim(),
      paths: [...r.querySelectorAll('li')].map((li) => li.textContent!.trim()),
    })),
  )

const bars = (page: Page) => page.locator('svg[role="img"] rect.dashboard-chart-bar').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('data-total'))))
const chartLabel = (page: Page) => page.locator('.dashboard-chart svg[role="img"]').getAttribute('aria-label')

/** The query strings of the summary requests seen, as objects (parameter order is not behaviour). */
const queries = (seen: string[]) => seen.map((s) => Object.fromEntries(new URLSearchParams(s.split('?')[1] ?? '')))

describe('the dashboard with views on several days', () => {
  test('opens on Last 30 days with the totals, the range and the top paths the API reports, sorted by views', async () => {
    const { context, page, problems, seen } = await openDashboard()
    await showsRange(page, 'Last 30 days')
    expect(queries(seen)).toEqual([{ days: '30' }])
    expect(await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true')
    const api = await summaryApi('days=30')
    expect(api.totals).toEqual({ views: 14, uniquePaths: 5, visitors: 14 })
    expect(await figures(page)).toEqual({ 'Total views': '14', 'Unique visitors': '14', 'Unique paths': '5', 'Range start': '2026-05-17', 'Range end': TODAY })
    // The 30 days before hold the 2 views of 2026-04-20, by 2 people.
    expect(api.previous.totals).toEqual({ views: 2, uniquePaths: 1, visitors: 2 })
    expect(await changes(page)).toEqual({ 'Total views': '+600% vs previous 30 days', 'Unique visitors': '+600% vs previous 30 days' })
    const rows = await topPaths(page)
    expect(rows).toEqual(api.topPaths.map((p: { path: string; count: number }) => [p.path, String(p.count)]))
    expect(rows).toEqual([['/blog', '6'], ['/projects', '5'], ['/', '1'], ['/contact', '1'], ['/skills', '1']])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the daily table shows each day with views, newest first, with its total and at most 3 paths with counts', async () => {
    const { context, page, problems } = await openDashboard()
    await showsRange(page, 'Last 30 days')
    expect(await dailyRows(page)).toEqual([
      { day: TODAY, total: '7', paths: ['/projects (3)', '/blog (2)', '/ (1)'] },
      { day: '2026-06-12', total: '3', paths: ['/projects (2)', '/skills (1)'] },
      { day: '2026-06-01', total: '4', paths: ['/blog (4)'] },
    ])
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the chart has one bar per day of the range, gaps included, and a label that sums it up', async () => {
    const { context, page, problems } = await openDashboard()
    await showsRange(page, 'Last 30 days')
    const totals = await bars(page)
    expect(totals).toHaveLength(30)
    expect(totals.reduce((a, b) => a + b, 0)).toBe(14)
    // 2026-05-17 is bar 0: the 1st of June is bar 15, the 12th bar 26, today the last.
    expect(totals.flatMap((t, i) => (t ? [[i, t]] : []))).toEqual([[15, 4], [26, 3], [29, 7]])
    expect(await chartLabel(page)).toBe(`Bar chart of page views per day from 2026-05-17 to ${TODAY}: 14 views in total, the most on ${TODAY} (7 views).`)
    const heights = await page.locator('rect.dashboard-chart-bar').evaluateAll((rects) => rects.map((r) => Number(r.getAttribute('height'))))
    expect(Math.max(...heights)).toBe(heights[29]!)
    expect(heights[0]).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('each preset re-queries the server with its parameters and shows its label and figures', async () => {
    const { context, page, problems, seen } = await openDashboard()
    await showsRange(page, 'Last 30 days')
    const cases: [button: string, label: string, query: Record<string, string>, views: string, start: string, bars: number][] = [
      ['Last 7 days', 'Last 7 days', { days: '7' }, '10', '2026-06-09', 7],
      ['Last 90 days', 'Last 90 days', { days: '90' }, '16', '2026-03-18', 90],
      // 197 days: past 120, two days share a bar.
      ['All time', 'All time', { all: 'true' }, '17', '2025-12-01', 99],
    ]
    for (const [button, label, query, views, start, barCount] of cases) {
      await page.getByRole('button', { name: button }).click()
      await showsRange(page, label)
      expect(queries(seen).at(-1)).toEqual(query)
      expect(await page.getByRole('button', { name: button }).getAttribute('aria-pressed')).toBe('true')
      expect(await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('false')
      const api = await summaryApi(new URLSearchParams(query).toString())
      expect(String(api.totals.views)).toBe(views)
      // Every view was a person of their own; no range but the 30 days has views before it.
      expect(await figures(page)).toEqual({ 'Total views': views, 'Unique visitors': views, 'Unique paths': String(api.totals.uniquePaths), 'Range start': start, 'Range end': TODAY })
      expect(await changes(page)).toEqual(NO_PREVIOUS)
      expect(await bars(page)).toHaveLength(barCount)
    }
    expect(await chartLabel(page)).toBe(`Bar chart of page views per 2 days from 2025-12-01 to ${TODAY}: 17 views in total, the most on ${TODAY} (7 views).`)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a custom From–To range sends from and to, and labels the range with both days', async () => {
    const { context, page, problems, seen } = await openDashboard()
    await showsRange(page, 'Last 30 days')
    await page.locator('#range-from').fill('2026-06-12')
    await page.locator('#range-to').fill('2026-06-01')
    await page.getByRole('button', { name: 'Apply' }).click()
    // From after To is refused in the page, without a request.
    expect(await page.getByRole('alert').innerText()).toBe('Pick a From date and a To date, From on or before To.')
    expect(seen).toHaveLength(1)
    await page.locator('#range-from').fill('2026-06-01')
    await page.locator('#range-to').fill('2026-06-12')
    await page.getByRole('button', { name: 'Apply' }).click()
    await showsRange(page, 'From 2026-06-01 to 2026-06-12')
    expect(queries(seen).at(-1)).toEqual({ from: '2026-06-01', to: '2026-06-12' })
    expect(await figures(page)).toEqual({ 'Total views': '7', 'Unique visitors': '7', 'Unique paths': '3', 'Range start': '2026-06-01', 'Range end': '2026-06-12' })
    expect(await changes(page)).toEqual(NO_PREVIOUS)
    expect(await topPaths(page)).toEqual([['/blog', '4'], ['/projects', '2'], ['/skills', '1']])
    expect(await bars(page)).toHaveLength(12)
    expect(await page.getByRole('alert').count()).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a custom range without views says 'No data for this range.' and shows neither chart nor tables", async () => {
    const { context, page, problems } = await openDashboard()
    await showsRange(page, 'Last 30 days')
    await page.locator('#range-from').fill('2026-03-01')
    await page.locator('#range-to').fill('2026-03-10')
    await page.getByRole('button', { name: 'Apply' }).click()
    await showsRange(page, 'From 2026-03-01 to 2026-03-10')
    expect(await page.locator('.dashboard-summary .empty').innerText()).toBe('No data for this range.')
    expect(await figures(page)).toEqual({ 'Total views': '0', 'Unique visitors': '0', 'Unique paths': '0', 'Range start': '2026-03-01', 'Range end': '2026-03-10' })
    expect(await page.locator('.dashboard-summary svg, .dashboard-summary table').count()).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the dashboard with data has no serious or critical axe violations', async () => {
    const { context, page } = await openDashboard()
    await showsRange(page, 'Last 30 days')
    expect(await axeViolations(page)).toEqual([])
    await context.close()
  })
})

describe('the dashboard without views, or without its API', () => {
  test("a fresh server with no views says 'No page views recorded.' in the default range and all time", async () => {
    const fresh = await startTestServer({ clock, env: ENV })
    try {
      const { context, page, problems } = await openDashboard({ ...site, server: fresh, cookie: await fresh.login() })
      await showsRange(page, 'Last 30 days')
      await page.locator('.dashboard-summary .empty', { hasText: 'No page views recorded.' }).waitFor()
      await page.getByRole('button', { name: 'All time' }).click()
      await showsRange(page, 'All time')
      expect(await page.locator('.dashboard-summary .empty').innerText()).toBe('No page views recorded.')
      expect(await figures(page)).toEqual({ 'Total views': '0', 'Unique visitors': '0', 'Unique paths': '0', 'Range start': '–', 'Range end': TODAY })
      expect(await changes(page)).toEqual(NO_PREVIOUS)
      expect(await page.locator('.dashboard-summary svg, .dashboard-summary table').count()).toBe(0)
      expect(problems.errors).toEqual([])
      await context.close()
    } finally {
      await fresh.close()
    }
  })

  test("a failing summary shows 'Failed to load analytics', on opening and on a later range", async () => {
    const { context, page, problems } = await pageWithSession(site)
    const fail = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Internal error' }) }
    const summary = apiPath('/api/admin/analytics/summary')
    await page.route(summary, (route) => route.fulfill(fail))
    await openAdmin(page, site.server, '/admin')
    const alert = page.getByRole('alert')
    expect(await alert.innerText()).toBe('Failed to load analytics')
    expect(await heading(page).count()).toBe(0)

    await page.unroute(summary)
    await page.reload()
    await showsRange(page, 'Last 30 days')
    await page.route(summary, (route) => route.fulfill(fail))
    await page.getByRole('button', { name: 'Last 7 days' }).click()
    expect(await alert.innerText()).toBe('Failed to load analytics')
    expect(await page.locator('.dashboard-summary').count()).toBe(0)
    expect(unexpected(problems, 500)).toEqual([])
    await context.close()
  })
})
