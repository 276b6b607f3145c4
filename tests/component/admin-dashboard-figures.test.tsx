import { afterEach, describe, expect, test } from 'bun:test'
import type { AnalyticsSummary, SummaryRange } from '#src/contract/analytics'
import { describeChange } from '#client/features/analytics/dashboard-change'
import { barVisitors, chartBars } from '#client/features/analytics/dashboard-range'
import { ANALYTICS_OFF, DashboardScreen } from '#client/admin/screens/dashboard-screen'
import { analyticsSummary } from '#tests/support/component/analytics-summary'
import { fakeApi, renderAdmin, settle } from '#tests/support/component/render-admin'

const ROUTE = 'GET /api/admin/analytics/summary'
const DAYS30: SummaryRange = { mode: 'days', days: 30, from: '2026-01-02', to: '2026-01-31' }
const BY_DAY = [
  { day: '2026-01-05', total: 3, paths: [{ path: '/', count: 3 }] },
  { day: '2026-01-20', total: 10, paths: [{ path: '/blog', count: 10 }] },
]
const PREVIOUS_30: AnalyticsSummary['previous'] = {
  from: '2025-12-03',
  to: '2026-01-01',
  totals: { views: 12, uniquePaths: 3, visitors: 8 },
  change: { views: 12.5, visitors: -4 },
}

let api: ReturnType<typeof fakeApi>
afterEach(() => api?.restore())

async function show(data: AnalyticsSummary) {
  api = fakeApi({ [ROUTE]: () => data })
  const r = await renderAdmin(<DashboardScreen />)
  await settle()
  return r
}

const figure = (c: HTMLElement, term: string) => {
  const box = [...c.querySelectorAll('.dashboard-figures > div')].find((d) => d.querySelector('dt')?.textContent === term)
  return [...(box?.querySelectorAll('dd') ?? [])].map((dd) => dd.textContent)
}

describe('dashboard figures', () => {
  test('shows unique visitors beside total views, each with its change against the previous 30 days', async () => {
    const { container } = await show(analyticsSummary(DAYS30, BY_DAY, { previous: PREVIOUS_30 }))
    expect(figure(container, 'Total views')).toEqual(['13', '+12.5% vs previous 30 days'])
    expect(figure(container, 'Unique visitors')).toEqual(['7', '\u22124% vs previous 30 days'])
    const labels = [...container.querySelectorAll('.dashboard-summary dt')].map((dt) => dt.textContent)
    expect(labels.slice(0, 3)).toEqual(['Total views', 'Unique visitors', 'Unique paths'])
    expect(container.querySelector('.dashboard-change')?.getAttribute('data-trend')).toBe('up')
  })

  test('says there is no previous data when the change is null, as for all time', async () => {
    const all: SummaryRange = { mode: 'all', days: null, from: '2026-01-05', to: '2026-01-31' }
    const { container } = await show(analyticsSummary(all, BY_DAY))
    expect(figure(container, 'Total views')).toEqual(['13', 'no previous data'])
    expect(figure(container, 'Unique visitors')).toEqual(['7', 'no previous data'])
  })

  test.each([
    [0.04, '0% vs previous 30 days', 'flat'],
    [-0.04, '0% vs previous 30 days', 'flat'],
    [250, '+250% vs previous 30 days', 'up'],
    [-33.333, '\u221233.3% vs previous 30 days', 'down'],
  ] as const)('words a change of %p as %p', (change, text, trend) => {
    expect(describeChange(change, PREVIOUS_30)).toEqual({ text, trend })
  })

  test('names a one-day previous period and one without dates', () => {
    expect(describeChange(5, { ...PREVIOUS_30, from: '2026-01-01', to: '2026-01-01' }).text).toBe('+5% vs previous day')
    expect(describeChange(5, { ...PREVIOUS_30, from: null, to: null }).text).toBe('+5% vs previous period')
  })

  test('warns at the top when analytics are off, and not otherwise', async () => {
    const off = await show(analyticsSummary(DAYS30, BY_DAY, { enabled: false }))
    expect(off.container.querySelector('.dashboard-off')?.textContent).toBe(ANALYTICS_OFF)
    expect(ANALYTICS_OFF).toBe('Analytics are off (ANALYTICS=off): nothing is being counted.')
    off.unmount()
    api.restore()
    const on = await show(analyticsSummary(DAYS30, BY_DAY))
    expect(on.container.textContent).not.toContain(ANALYTICS_OFF)
  })
})

describe('dashboard chart of views and visitors', () => {
  test('is an image with a summary label, a visitors line and a hidden table of every day', async () => {
    const { container } = await show(analyticsSummary(DAYS30, BY_DAY))
    const svg = container.querySelector('svg[role="img"]')!
    expect(svg.getAttribute('aria-label')).toStartWith('Bar chart of page views per day from 2026-01-02 to 2026-01-31')
    const description = container.querySelector(`[id="${svg.getAttribute('aria-describedby')}"]`)
    expect(description?.textContent).toStartWith('The line shows unique visitors: the most on 2026-01-20 (5 visitors).')
    expect(svg.querySelector('path.dashboard-chart-visitors')?.getAttribute('d')).toStartWith('M')
    const table = container.querySelector('.dashboard-chart-table')!
    expect(table.querySelector('caption')?.textContent).toBe('Views and visitors per day')
    const rows = [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent))
    expect(rows).toHaveLength(30)
    expect(rows[3]).toEqual(['2026-01-05', '3', '2'])
    expect(rows[18]).toEqual(['2026-01-20', '10', '5'])
  })

  test('counts visitors only for bars the chart wholly covers (all time past CHART_MAX_DAYS)', () => {
    const all: SummaryRange = { mode: 'all', days: null, from: '2025-01-01', to: '2026-02-04' } // 400 days, chart holds the last 366
    const data = analyticsSummary(all, [
      { day: '2025-01-01', total: 2, paths: [] },
      { day: '2026-02-04', total: 7, paths: [] },
    ])
    const bars = chartBars(data, 120)
    const visitors = barVisitors(data, bars)
    expect(visitors).toHaveLength(bars.length)
    expect(visitors[0]).toBeNull()
    expect(visitors.at(-1)).toBe(4)
    expect(visitors.filter((v) => v === null).length).toBeLessThan(10)
  })
})
