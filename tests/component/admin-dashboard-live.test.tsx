import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import { DashboardLive, LIVE_LABEL } from '#client/features/analytics/dashboard-live'
import { LiveSourceContext, openEventSource, type LiveSource } from '#client/features/analytics/api'
import { DashboardScreen } from '#client/admin/screens/dashboard-screen'
import { analyticsSummary } from '#tests/support/component/analytics-summary'
import { fakeApi, renderAdmin, settle } from '#tests/support/component/render-admin'

type Listener = (event: MessageEvent<string>) => void

/** Stands in for EventSource: records what the hook opened and lets the test push events. */
class FakeSource implements LiveSource {
  static opened: FakeSource[] = []
  readonly listeners = new Map<string, Listener[]>()
  closed = false
  constructor(readonly url: string) {
    FakeSource.opened.push(this)
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
  }
  emit(type: string, data: string) {
    act(() => (this.listeners.get(type) ?? []).forEach((l) => l(new MessageEvent(type, { data }))))
  }
}
const openFake = (url: string) => new FakeSource(url)

let api: ReturnType<typeof fakeApi> | undefined
afterEach(() => {
  FakeSource.opened = []
  api?.restore()
})

const figure = (c: HTMLElement) => c.querySelector('.dashboard-live dd')!

describe('live visitors', () => {
  test("shows '—' until the first live event, then the figure in a polite live region", async () => {
    const { container } = await renderAdmin(<DashboardLive openSource={openFake} />)
    expect(container.querySelector('.dashboard-live dt')?.textContent).toBe('Visitors in the last 5 minutes')
    expect(LIVE_LABEL).toBe('Visitors in the last 5 minutes')
    expect(figure(container).getAttribute('aria-live')).toBe('polite')
    expect(figure(container).textContent).toBe('—')
    const source = FakeSource.opened[0]!
    expect(source.url).toBe('/api/admin/analytics/live')
    source.emit('live', JSON.stringify({ visitors: 3, at: '2026-01-31T12:00:00.000Z' }))
    expect(figure(container).textContent).toBe('3')
    source.emit('live', JSON.stringify({ visitors: 4, at: '2026-01-31T12:00:05.000Z' }))
    expect(figure(container).textContent).toBe('4')
  })

  test('keeps the last figure on an error or a malformed event, and never closes the stream itself', async () => {
    const { container } = await renderAdmin(<DashboardLive openSource={openFake} />)
    const source = FakeSource.opened[0]!
    source.emit('live', JSON.stringify({ visitors: 2, at: '2026-01-31T12:00:00.000Z' }))
    source.emit('error', '')
    source.emit('live', 'not json')
    source.emit('live', JSON.stringify({ at: 'x' }))
    expect(figure(container).textContent).toBe('2')
    expect(source.closed).toBe(false)
    expect(FakeSource.opened).toHaveLength(1)
  })

  test('closes the stream on unmount', async () => {
    const { unmount } = await renderAdmin(<DashboardLive openSource={openFake} />)
    const source = FakeSource.opened[0]!
    expect(source.closed).toBe(false)
    unmount()
    expect(source.closed).toBe(true)
  })

  test('the dashboard shows the live figure from the factory it is given', async () => {
    api = fakeApi({ 'GET /api/admin/analytics/summary': () => analyticsSummary({ mode: 'days', days: 30, from: '2026-01-02', to: '2026-01-31' }) })
    const { container, unmount } = await renderAdmin(
      <LiveSourceContext.Provider value={openFake}>
        <DashboardScreen />
      </LiveSourceContext.Provider>,
    )
    await settle()
    FakeSource.opened[0]!.emit('live', JSON.stringify({ visitors: 7, at: '2026-01-31T12:00:00.000Z' }))
    expect(figure(container).textContent).toBe('7')
    unmount()
    expect(FakeSource.opened[0]!.closed).toBe(true)
  })

  test("the browser's factory opens EventSource with credentials, and gives nothing without one", () => {
    const g = globalThis as { EventSource?: unknown }
    const real = g.EventSource
    const made: { url: string; init: unknown }[] = []
    try {
      g.EventSource = class {
        constructor(url: string, init: unknown) {
          made.push({ url, init })
        }
      }
      expect(openEventSource('/api/admin/analytics/live')).not.toBeNull()
      expect(made).toEqual([{ url: '/api/admin/analytics/live', init: { withCredentials: true } }])
      delete g.EventSource
      expect(openEventSource('/api/admin/analytics/live')).toBeNull()
    } finally {
      if (real === undefined) delete g.EventSource
      else g.EventSource = real
    }
  })
})
