import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import type { AnalyticsFilters, PanelName, SummaryRange } from '#src/contract/analytics'
import { DashboardScreen } from '#client/admin/screens/dashboard-screen'
import { analyticsSummary, emptyPanels, row } from '#tests/support/component/analytics-summary'
import { byText, click, fakeApi, renderAdmin, settle } from '#tests/support/component/render-admin'

const ROUTE = 'GET /api/admin/analytics/summary'
const DAYS30: SummaryRange = { mode: 'days', days: 30, from: '2026-01-02', to: '2026-01-31' }

/** A summary that echoes the filters it was asked for, as the server does. */
function answer(query: URLSearchParams) {
  const panels = emptyPanels()
  panels.referrer = [row('news.ycombinator.com', 5, 8), row('github.com', 3, 4), row('', 2, 2)]
  panels.browser = [row('Firefox', 4, 6), row('Chrome', 3, 5)]
  panels.utmCampaign = [row('launch', 2, 2)]
  const filters: AnalyticsFilters = {}
  for (const d of ['referrer', 'browser', 'utmCampaign'] as const) {
    const v = query.get(d)
    if (v) filters[d] = v
  }
  return analyticsSummary(DAYS30, [{ day: '2026-01-20', total: 14, paths: [{ path: '/', count: 14 }] }], { panels, filters })
}

let api: ReturnType<typeof fakeApi>
beforeEach(() => sessionStorage.clear())
afterEach(() => api?.restore())

async function show() {
  api = fakeApi({ [ROUTE]: (call) => answer(call.query) })
  const r = await renderAdmin(<DashboardScreen />)
  await settle()
  return r
}

const lastQuery = () => Object.fromEntries(api.to(ROUTE).at(-1)!.query)
const rowButton = (c: HTMLElement, panel: PanelName, label: string) =>
  [...c.querySelectorAll<HTMLButtonElement>(`table[data-panel="${panel}"] button`)].find((b) => b.querySelector('.dashboard-row-label')?.textContent === label)!
const chips = (c: HTMLElement) => [...c.querySelectorAll('.dashboard-chip span')].map((s) => s.textContent)
async function press(el: Element | null) {
  await click(el)
  await settle()
}

describe('dashboard filters', () => {
  test('a Sources row filters by referrer, a Browsers row adds browser, and both show as chips', async () => {
    const { container } = await show()
    expect(lastQuery()).toEqual({ days: '30' })
    await press(rowButton(container, 'referrer', 'news.ycombinator.com'))
    expect(lastQuery()).toEqual({ days: '30', referrer: 'news.ycombinator.com' })
    expect(rowButton(container, 'referrer', 'news.ycombinator.com').getAttribute('aria-pressed')).toBe('true')
    await press(rowButton(container, 'browser', 'Firefox'))
    expect(lastQuery()).toEqual({ days: '30', referrer: 'news.ycombinator.com', browser: 'Firefox' })
    expect(chips(container)).toEqual(['Source: news.ycombinator.com', 'Browser: Firefox'])
    expect(container.querySelector('[aria-label="Remove filter Source: news.ycombinator.com"]')?.tagName).toBe('BUTTON')
  })

  test('another row of the same panel replaces its filter, and the active row removes it', async () => {
    const { container } = await show()
    await press(rowButton(container, 'referrer', 'news.ycombinator.com'))
    await press(rowButton(container, 'referrer', 'github.com'))
    expect(lastQuery()).toEqual({ days: '30', referrer: 'github.com' })
    expect(rowButton(container, 'referrer', 'news.ycombinator.com').getAttribute('aria-pressed')).toBe('false')
    expect(chips(container)).toEqual(['Source: github.com'])
    await press(rowButton(container, 'referrer', 'github.com'))
    expect(lastQuery()).toEqual({ days: '30' })
    expect(container.querySelector('.dashboard-chips')).toBeNull()
  })

  test("a row for none ('') filters with '(none)'", async () => {
    const { container } = await show()
    await press(rowButton(container, 'referrer', 'Direct / none'))
    expect(lastQuery()).toEqual({ days: '30', referrer: '(none)' })
    expect(chips(container)).toEqual(['Source: Direct / none'])
    expect(rowButton(container, 'referrer', 'Direct / none').getAttribute('aria-pressed')).toBe('true')
  })

  test('removing a chip drops its filter and keeps the others; Clear filters drops them all', async () => {
    const { container } = await show()
    await press(rowButton(container, 'referrer', 'github.com'))
    await press(rowButton(container, 'browser', 'Chrome'))
    await press(rowButton(container, 'utmCampaign', 'launch'))
    await press(container.querySelector('[aria-label="Remove filter Source: github.com"]'))
    expect(lastQuery()).toEqual({ days: '30', browser: 'Chrome', utmCampaign: 'launch' })
    // chips keep the contract's dimension order, whatever the order of the clicks
    expect(chips(container)).toEqual(['Campaign: launch', 'Browser: Chrome'])
    await press(byText(container, 'Clear filters'))
    expect(lastQuery()).toEqual({ days: '30' })
    expect(chips(container)).toEqual([])
  })

  test('filters stay on when the range changes, and the range stays when filters change', async () => {
    const { container } = await show()
    await press(rowButton(container, 'browser', 'Firefox'))
    await press(byText(container, 'Last 7 days'))
    expect(lastQuery()).toEqual({ days: '7', browser: 'Firefox' })
    await press(container.querySelector('[aria-label="Remove filter Browser: Firefox"]'))
    expect(lastQuery()).toEqual({ days: '7' })
  })

  test('row buttons are reachable by keyboard: real buttons with a name saying what they filter', async () => {
    const { container } = await show()
    const b = rowButton(container, 'browser', 'Firefox')
    expect(b.tagName).toBe('BUTTON')
    expect(b.getAttribute('type')).toBe('button')
    expect(b.textContent).toBe('Filter by Browser: Firefox')
  })
})
