import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { AnalyticsSummary, SummaryRange } from '#src/contract/analytics'
import { describeChart } from '#client/features/analytics/dashboard-chart'
import { chartBars } from '#client/features/analytics/dashboard-range'
import { CUSTOM_RANGE_ERROR } from '#client/features/analytics/dashboard-range-picker'
import { DashboardScreen } from '#client/admin/screens/dashboard-screen'
import { analyticsSummary } from '#tests/support/component/analytics-summary'
import { apiError, byText, click, fakeApi, fill, json, renderAdmin, settle } from '#tests/support/component/render-admin'

const ROUTE = 'GET /api/admin/analytics/summary'
const DAYS30: SummaryRange = { mode: 'days', days: 30, from: '2026-01-02', to: '2026-01-31' }

const summary = (range: SummaryRange, byDay: AnalyticsSummary['byDay'] = []) => analyticsSummary(range, byDay)

const BUSY = summary(DAYS30, [
  { day: '2026-01-05', total: 3, paths: [{ path: '/', count: 3 }] },
  {
    day: '2026-01-20',
    total: 10,
    paths: [
      { path: '/blog', count: 4 },
      { path: '/projects', count: 3 },
      { path: '/skills', count: 2 },
      { path: '/contact', count: 1 },
    ],
  },
])

let api: ReturnType<typeof fakeApi>
beforeEach(() => sessionStorage.clear())
afterEach(() => api?.restore())

const figure = (c: HTMLElement, term: string) =>
  [...c.querySelectorAll('.dashboard-figures > div')].find((d) => d.querySelector('dt')?.textContent === term)?.querySelector('dd')?.textContent
const rows = (c: HTMLElement, table: string) =>
  [...c.querySelectorAll(`${table} tbody tr`)].map((tr) => [...tr.children].map((cell) => cell.textContent))
const queryOf = (i: number) => Object.fromEntries(api.to(ROUTE)[i]!.query)

async function show(answer: (q: URLSearchParams) => unknown = () => BUSY) {
  api = fakeApi({ [ROUTE]: (call) => answer(call.query) })
  const r = await renderAdmin(<DashboardScreen />)
  await settle()
  return r
}

describe('admin dashboard', () => {
  test('loads the last 30 days by default and shows the label, figures, range, tables and chart', async () => {
    const { container } = await show()
    expect(queryOf(0)).toEqual({ days: '30' })
    expect(byText(container, 'Last 30 days').getAttribute('aria-pressed')).toBe('true')
    expect(container.querySelector('.dashboard-summary h2')?.textContent).toBe('Last 30 days')
    expect([figure(container, 'Total views'), figure(container, 'Unique paths')]).toEqual(['13', '5'])
    expect([figure(container, 'Range start'), figure(container, 'Range end')]).toEqual(['2026-01-02', '2026-01-31'])
    expect(rows(container, '.dashboard-top-paths')[0]).toEqual(['/blog', '4'])
    expect(rows(container, '.dashboard-top-paths')).toHaveLength(5)
    // newest day first, and only the day's first 3 paths
    expect(rows(container, '.dashboard-daily')).toEqual([
      ['2026-01-20', '10', '/blog (4)/projects (3)/skills (2)'],
      ['2026-01-05', '3', '/ (3)'],
    ])
  })

  test('charts every day of the range, days without views included, with a label that sums it up', async () => {
    const { container } = await show()
    const svg = container.querySelector('svg[role="img"]')!
    const bars = [...svg.querySelectorAll('rect')].map((r) => Number(r.getAttribute('data-total')))
    expect(bars).toHaveLength(30)
    expect(bars.filter((t) => t > 0)).toEqual([3, 10])
    expect(bars[3]).toBe(3) // 2026-01-05 is the fourth day from 2026-01-02
    expect(svg.getAttribute('aria-label')).toBe(
      'Bar chart of page views per day from 2026-01-02 to 2026-01-31: 13 views in total, the most on 2026-01-20 (10 views).',
    )
  })

  test.each([
    ['Last 7 days', 'days=7', { mode: 'days', days: 7, from: '2026-01-25', to: '2026-01-31' }, 'Last 7 days'],
    ['Last 90 days', 'days=90', { mode: 'days', days: 90, from: '2025-11-03', to: '2026-01-31' }, 'Last 90 days'],
    ['All time', 'all=true', { mode: 'all', days: null, from: '2026-01-05', to: '2026-01-31' }, 'All time'],
  ] as const)('the %s button asks for %s and shows its label', async (button, query, range, label) => {
    const { container } = await show((q) => (q.has('days') && q.get('days') === '30' ? BUSY : summary(range as SummaryRange, BUSY.byDay)))
    await click(byText(container, button))
    await settle()
    expect(api.to(ROUTE)[1]!.query.toString()).toBe(query)
    expect(byText(container, button).getAttribute('aria-pressed')).toBe('true')
    expect(byText(container, 'Last 30 days').getAttribute('aria-pressed')).toBe('false')
    expect(container.querySelector('.dashboard-summary h2')?.textContent).toBe(label)
  })

  test('applies a custom From/To range and names it by its dates', async () => {
    const custom: SummaryRange = { mode: 'custom', days: null, from: '2026-01-01', to: '2026-01-10' }
    const { container } = await show((q) => (q.has('from') ? summary(custom, BUSY.byDay.slice(0, 1)) : BUSY))
    await fill(container.querySelector('#range-from')!, '2026-01-01')
    await fill(container.querySelector('#range-to')!, '2026-01-10')
    await click(byText(container, 'Apply'))
    await settle()
    expect(queryOf(1)).toEqual({ from: '2026-01-01', to: '2026-01-10' })
    expect(container.querySelector('.dashboard-summary h2')?.textContent).toBe('From 2026-01-01 to 2026-01-10')
    expect(container.querySelectorAll('svg rect')).toHaveLength(10)
    expect(container.querySelectorAll('[aria-pressed="true"]')).toHaveLength(0)
  })

  test('refuses a custom range with a missing date or From after To, and sends nothing', async () => {
    const { container } = await show()
    await fill(container.querySelector('#range-from')!, '2026-02-01')
    await click(byText(container, 'Apply'))
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(CUSTOM_RANGE_ERROR)
    await fill(container.querySelector('#range-to')!, '2026-01-01')
    await click(byText(container, 'Apply'))
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(CUSTOM_RANGE_ERROR)
    expect(api.to(ROUTE)).toHaveLength(1)
  })

  test('keeps the typed custom dates as a draft across a remount', async () => {
    const first = await show()
    await fill(first.container.querySelector('#range-from')!, '2026-01-03')
    await fill(first.container.querySelector('#range-to')!, '2026-01-04')
    first.unmount()
    const { container } = await renderAdmin(<DashboardScreen />)
    expect((container.querySelector('#range-from') as HTMLInputElement).value).toBe('2026-01-03')
    expect((container.querySelector('#range-to') as HTMLInputElement).value).toBe('2026-01-04')
  })

  test.each([
    ['all time', { mode: 'all', days: null, from: null, to: '2026-01-31' }, 'No page views recorded.', '–'],
    ['a range', DAYS30, 'No data for this range.', '2026-01-02'],
  ] as const)('with no views in %s it says so instead of showing tables and a chart', async (_, range, text, start) => {
    const { container } = await show(() => summary(range as SummaryRange))
    expect(container.querySelector('.empty')?.textContent).toBe(text)
    expect(figure(container, 'Total views')).toBe('0')
    expect(figure(container, 'Range start')).toBe(start)
    expect(container.querySelector('table, svg')).toBeNull()
  })

  test.each([
    ['no message', json(404, {}), 'Failed to load analytics'],
    ['a message', apiError(400, 'from must not be after to.'), 'from must not be after to.'],
  ])('shows the load failure with %s where the figures would be', async (_, answer, text) => {
    const { container, session } = await show(() => answer)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(text)
    expect(container.querySelector('.dashboard-summary')).toBeNull()
    expect(session.ended).toBe(0)
  })

  test('reports the end of the session when the summary answers 401', async () => {
    const { session } = await show(() => apiError(401, 'Not signed in'))
    expect(session.ended).toBe(1)
  })
})

describe('dashboard chart bars', () => {
  test('groups a long range into at most the given number of bars and keeps every view', () => {
    const range: SummaryRange = { mode: 'all', days: null, from: '2025-01-01', to: '2026-02-04' } // 400 days
    const data = summary(range, [
      { day: '2025-01-01', total: 2, paths: [] },
      { day: '2025-07-15', total: 5, paths: [] },
      { day: '2026-02-04', total: 7, paths: [] },
    ])
    const bars = chartBars(data, 120)
    expect(bars.length).toBeLessThanOrEqual(120)
    expect(bars[0]).toEqual({ from: '2025-01-01', to: '2025-01-04', days: 4, total: 2 })
    expect(bars.at(-1)!.to).toBe('2026-02-04')
    expect(bars.reduce((s, b) => s + b.total, 0)).toBe(14)
    expect(describeChart(bars)).toStartWith('Bar chart of page views per 4 days from 2025-01-01 to 2026-02-04: 14 views in total')
  })

  test('gives no bars for an open range', () => {
    expect(chartBars(summary({ mode: 'all', days: null, from: null, to: '2026-01-31' }), 120)).toEqual([])
  })
})
