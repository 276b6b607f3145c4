import { describe, expect, test } from 'bun:test'
import { createApiClient } from '#client/lib/api'
import { createPageViewTracker } from '#client/lib/page-views'
import { pingHref } from '#client/lib/ping-href'

type Call = { url: string; init: RequestInit }
type Beacon = { url: string; data: unknown }

/** A tracker on a fake fetch answering `statuses` in turn (the last repeats) and a fake beacon. */
function setup({ beacon, statuses = [204], apiBase, firstCounted, referrer }: { beacon?: boolean | 'throws' | 'absent'; statuses?: number[]; apiBase?: string; firstCounted?: boolean; referrer?: string } = {}) {
  const calls: Call[] = []
  const beacons: Beacon[] = []
  const sleeps: number[] = []
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init })
    return new Response(null, { status: statuses[Math.min(calls.length, statuses.length) - 1] })
  }
  const api = createApiClient({
    apiBase,
    location: { hostname: 'example.com', origin: 'https://example.com' },
    fetch,
    sleep: async (ms) => void sleeps.push(ms),
  })
  const navigator =
    beacon === 'absent' || beacon === undefined
      ? {}
      : {
          sendBeacon(url: string, data?: BodyInit | null) {
            beacons.push({ url, data })
            if (beacon === 'throws') throw new TypeError('Illegal invocation')
            return beacon
          },
        }
  return { tracker: createPageViewTracker({ api, navigator, firstCounted, referrer }), calls, beacons, sleeps }
}

describe('page views', () => {
  test('sends a view by beacon as a JSON string to /api/analytics/pv', async () => {
    const { tracker, beacons, calls } = setup({ beacon: true })
    expect(await tracker.track('/blog?tag=go')).toBe('beacon')
    expect(beacons).toEqual([{ url: '/api/analytics/pv', data: '{"path":"/blog?tag=go"}' }])
    expect(calls).toHaveLength(0)
  })

  test('sends the beacon to the configured API base', async () => {
    const { tracker, beacons } = setup({ beacon: true, apiBase: 'https://api.example.com' })
    await tracker.track('/')
    expect(beacons[0]!.url).toBe('https://api.example.com/api/analytics/pv')
  })

  test('records each change of path plus query and skips repeats', async () => {
    const { tracker, beacons } = setup({ beacon: true })
    const results = []
    for (const path of ['/blog', '/blog', '/blog?tag=go', '/blog?tag=go', '/blog', '/projects']) {
      results.push(await tracker.track(path))
    }
    expect(results).toEqual(['beacon', 'skipped', 'beacon', 'skipped', 'beacon', 'beacon'])
    expect(beacons.map((b) => JSON.parse(String(b.data)).path)).toEqual(['/blog', '/blog?tag=go', '/blog', '/projects'])
  })

  test.each(['/admin', '/admin/login', '/admin/projects?x=1', '/ADMIN/posts', '/administrator', 'blog', ''])(
    'never records %p',
    async (path) => {
      const { tracker, beacons, calls } = setup({ beacon: true })
      expect(await tracker.track(path)).toBe('skipped')
      expect(beacons).toHaveLength(0)
      expect(calls).toHaveLength(0)
    },
  )

  test('records a page again after a visit to /admin in between', async () => {
    const { tracker, beacons } = setup({ beacon: true })
    for (const path of ['/', '/admin', '/']) await tracker.track(path)
    expect(beacons).toHaveLength(2)
  })

  test.each([
    ['the beacon is unavailable', 'absent'],
    ['the beacon is refused', false],
    ['the beacon throws', 'throws'],
  ] as const)('falls back to a keepalive fetch when %s', async (_name, beacon) => {
    const { tracker, calls } = setup({ beacon })
    expect(await tracker.track('/skills')).toBe('fetch')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.url).toBe('/api/analytics/pv')
    expect(calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', keepalive: true, body: '{"path":"/skills"}' })
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
  })

  test('retries the fallback POST three times', async () => {
    const { tracker, calls, sleeps } = setup({ statuses: [503, 502, 500, 204] })
    expect(await tracker.track('/')).toBe('fetch')
    expect(calls).toHaveLength(4)
    expect(sleeps).toEqual([250, 500, 1000])
  })

  test('gives up quietly after the retries', async () => {
    const { tracker, calls } = setup({ statuses: [503] })
    expect(await tracker.track('/')).toBe('failed')
    expect(calls).toHaveLength(4)
  })
})

describe('one view counts once', () => {
  test('the page the server counted sends no beacon; the next navigation does', async () => {
    const { tracker, beacons } = setup({ beacon: true, firstCounted: true, referrer: 'https://news.ycombinator.com/' })
    expect(await tracker.track('/projects')).toBe('skipped')
    expect(await tracker.track('/blog')).toBe('beacon')
    expect(beacons.map((b) => b.data)).toEqual(['{"path":"/blog"}'])
  })

  test('a static page’s first view carries where the visitor came from, later ones do not', async () => {
    const { tracker, beacons } = setup({ beacon: true, referrer: 'https://lobste.rs/' })
    await tracker.track('/')
    await tracker.track('/blog')
    expect(beacons.map((b) => b.data)).toEqual(['{"path":"/","referrer":"https://lobste.rs/"}', '{"path":"/blog"}'])
  })
})

describe('pingHref', () => {
  test.each([
    ['same origin when the server counts', { pageViews: 'server' as const, apiBase: '' }, 'outbound' as const, '/api/analytics/ping?goal=outbound'],
    ['the API base on a static export', { pageViews: 'beacon' as const, staticSite: true as const, apiBase: 'https://api.example.com/' }, 'video' as const, 'https://api.example.com/api/analytics/ping?goal=video'],
    ['none on a static export without an API', { pageViews: 'beacon' as const, staticSite: true as const, apiBase: ' ' }, 'live-app' as const, undefined],
    ['none when analytics are off', { pageViews: 'off' as const, apiBase: '' }, 'outbound' as const, undefined],
  ])('%s', (_name, site, goal, expected) => {
    expect(pingHref(site, goal)).toBe(expected)
  })
})
