import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { PANEL_NAMES, type AnalyticsSummary, type PanelName, type SummaryRange } from '#src/contract/analytics'
import { EMPTY_PANEL, REQUESTS_NOTE } from '#client/features/analytics/dashboard-panel-meta'
import { DashboardScreen } from '#client/admin/screens/dashboard-screen'
import { analyticsSummary, emptyPanels, row } from '#tests/support/component/analytics-summary'
import { byText, click, fakeApi, renderAdmin, settle } from '#tests/support/component/render-admin'

const ROUTE = 'GET /api/admin/analytics/summary'
const DAYS30: SummaryRange = { mode: 'days', days: 30, from: '2026-01-02', to: '2026-01-31' }
const BY_DAY = [{ day: '2026-01-20', total: 10, paths: [{ path: '/blog', count: 10 }] }]

/** Two rows per panel, the second one '' (none), so every panel has something to show. */
function fullPanels(): AnalyticsSummary['panels'] {
  const panels = emptyPanels()
  for (const name of PANEL_NAMES) panels[name] = [row(`${name}-top`, 6, 9), row('', 2, 3)]
  return panels
}

let api: ReturnType<typeof fakeApi>
beforeEach(() => sessionStorage.clear())
afterEach(() => api?.restore())

async function show(panels = fullPanels(), byDay = BY_DAY) {
  api = fakeApi({ [ROUTE]: () => analyticsSummary(DAYS30, byDay, { panels }) })
  const r = await renderAdmin(<DashboardScreen />)
  await settle()
  return r
}

const table = (c: HTMLElement, name: PanelName) => c.querySelector<HTMLTableElement>(`table[data-panel="${name}"]`)
const rowsOf = (c: HTMLElement, name: PanelName) =>
  [...(table(c, name)?.querySelectorAll('tbody tr') ?? [])].map((tr) => [tr.querySelector('.dashboard-row-label')?.textContent, ...[...tr.querySelectorAll('td')].map((td) => td.textContent)])
const headingOf = (c: HTMLElement, name: PanelName) => c.querySelector(`[id="${table(c, name)?.getAttribute('aria-labelledby')}"]`)?.textContent
const headersOf = (c: HTMLElement, name: PanelName) => [...(table(c, name)?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent)

describe('dashboard panels', () => {
  test.each([
    ['referrer', 'Sources', ['Source', 'Visitors', 'Views'], 'Direct / none'],
    ['path', 'Pages', ['Page', 'Visitors', 'Views'], '(none)'],
    ['entry', 'Entry pages', ['Entry page', 'Visitors', 'Views'], '(none)'],
    ['browser', 'Browsers', ['Browser', 'Visitors', 'Views'], '(none)'],
    ['os', 'Systems', ['System', 'Visitors', 'Views'], '(none)'],
    ['device', 'Devices', ['Device', 'Visitors', 'Views'], '(none)'],
    ['utmSource', 'Source', ['Source', 'Visitors', 'Views'], '(none)'],
    ['utmMedium', 'Medium', ['Medium', 'Visitors', 'Views'], '(none)'],
    ['utmCampaign', 'Campaign', ['Campaign', 'Visitors', 'Views'], '(none)'],
    ['goal', 'Goals', ['Goal', 'Visitors', 'Completions'], '(none)'],
  ] as const)('the %s panel (%s) lists value, visitors and views or completions', async (name, heading, headers, none) => {
    const { container } = await show()
    expect(headingOf(container, name)).toBe(heading)
    expect(headersOf(container, name)).toEqual([...headers])
    expect(rowsOf(container, name)).toEqual([
      [`${name}-top`, '6', '9'],
      [none, '2', '3'],
    ])
  })

  test.each([
    ['bot', 'Bots filtered', ['Reason', 'Hits']],
    ['notFound', 'Not found', ['Path', 'Hits']],
    ['feed', 'Feed fetches', ['Path', 'Fetches']],
  ] as const)('the %s panel (%s) lists its hits, and its rows are not buttons', async (name, heading, headers) => {
    const { container } = await show()
    expect(headingOf(container, name)).toBe(heading)
    expect(headersOf(container, name)).toEqual([...headers])
    expect(rowsOf(container, name)).toEqual([
      [`${name}-top`, '9'],
      ['(none)', '3'],
    ])
    expect(table(container, name)!.querySelector('button')).toBeNull()
  })

  test('groups the three campaign tables under Campaigns', async () => {
    const { container } = await show()
    const card = [...container.querySelectorAll('.dashboard-panel')].find((s) => s.querySelector('h3')?.textContent === 'Campaigns')!
    expect([...card.querySelectorAll('table')].map((t) => t.getAttribute('data-panel'))).toEqual(['utmSource', 'utmMedium', 'utmCampaign'])
  })

  test('makes visit rows toggle buttons, not goal rows, and says filters skip bots, 404s and feeds', async () => {
    const { container } = await show()
    for (const name of ['referrer', 'path', 'entry', 'browser', 'os', 'device', 'utmSource', 'utmMedium', 'utmCampaign'] as const) {
      const buttons = table(container, name)!.querySelectorAll('button')
      expect(buttons).toHaveLength(2)
      expect(buttons[0]!.getAttribute('aria-pressed')).toBe('false')
    }
    expect(table(container, 'goal')!.querySelector('button')).toBeNull()
    expect(container.querySelector('.dashboard-requests-note')?.textContent).toBe(REQUESTS_NOTE)
    expect(REQUESTS_NOTE).toBe('Bots, 404s and feeds count requests; filters do not apply.')
  })

  test('says so in a panel with nothing for the range', async () => {
    const panels = fullPanels()
    panels.browser = []
    const { container } = await show(panels)
    expect(table(container, 'browser')).toBeNull()
    const card = [...container.querySelectorAll('.dashboard-panel')].find((s) => s.querySelector('h3')?.textContent === 'Browsers')!
    expect(card.querySelector('.dashboard-panel-empty')?.textContent).toBe(EMPTY_PANEL)
    expect(EMPTY_PANEL).toBe('Nothing for this range.')
  })

  test('shows only the empty text in a range without views, even with bot hits in it', async () => {
    const panels = emptyPanels()
    panels.bot = [row('crawler', 0, 5)]
    const { container } = await show(panels, [])
    expect(container.querySelector('.empty')?.textContent).toBe('No data for this range.')
    expect(container.querySelector('.dashboard-summary table, .dashboard-panel')).toBeNull()
  })
})

describe('dashboard exports', () => {
  const hrefOf = (c: HTMLElement, label: string) => {
    const a = c.querySelector<HTMLAnchorElement>(`a[aria-label="${label}"]`) ?? byText<HTMLAnchorElement>(c, label, 'a')
    expect(a.hasAttribute('download')).toBe(true)
    const url = new URL(a.getAttribute('href')!, 'http://localhost')
    return { path: url.pathname, query: Object.fromEntries(url.searchParams) }
  }

  test('gives every panel CSV and JSON links named after it, for the range', async () => {
    const { container } = await show()
    expect(hrefOf(container, 'Export Sources as CSV')).toEqual({ path: '/api/admin/analytics/export', query: { panel: 'referrer', format: 'csv', days: '30' } })
    expect(hrefOf(container, 'Export Feed fetches as JSON').query).toEqual({ panel: 'feed', format: 'json', days: '30' })
    expect(container.querySelectorAll('a[aria-label^="Export "]')).toHaveLength(PANEL_NAMES.length * 2)
    expect(hrefOf(container, 'Export daily aggregates (CSV)').query).toEqual({ panel: 'daily', format: 'csv', days: '30' })
    expect(hrefOf(container, 'Export daily aggregates (JSON)').query).toEqual({ panel: 'daily', format: 'json', days: '30' })
  })

  test('carries the range and the active filters; the daily aggregates the range only, and say so', async () => {
    const { container } = await show()
    await click(byText(container, 'All time'))
    await settle()
    await click(table(container, 'referrer')!.querySelector('button'))
    await settle()
    await click(table(container, 'os')!.querySelectorAll('button')[1]!)
    await settle()
    const filtered = { all: 'true', referrer: 'referrer-top', os: '(none)' }
    expect(hrefOf(container, 'Export Pages as CSV').query).toEqual({ panel: 'path', format: 'csv', ...filtered })
    expect(hrefOf(container, 'Export Not found as JSON').query).toEqual({ panel: 'notFound', format: 'json', ...filtered })
    expect(hrefOf(container, 'Export daily aggregates (JSON)').query).toEqual({ panel: 'daily', format: 'json', all: 'true' })
    expect(container.textContent).toContain('Daily aggregates are not filtered.')
  })
})
