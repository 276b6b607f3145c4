// Page views of spec sections 4 and 7: one record per change of path plus query, never /admin.
import * as apiPaths from '#src/contract/api-paths'
import { createApiClient, type ApiClient } from './api'
import { isTrackedPath } from './tracked-path'

type BeaconNavigator = { sendBeacon?: (url: string, data?: BodyInit | null) => boolean }

export type PageViewTrackerOptions = {
  /** The page's first view was already counted by the server that sent it (SiteConfig.pageViews 'server'). */
  firstCounted?: boolean
  /** Sent with the first view a beacon reports: where the visitor came from (document.referrer). */
  referrer?: string
  /** The client whose base and fetch are used; same origin when not given. */
  api?: Pick<ApiClient, 'url' | 'post'>
  /** Defaults to the browser's navigator; tests pass a fake. */
  navigator?: BeaconNavigator
}

/** How a `track` call ended: not recorded, sent by beacon, sent by fetch, or given up. */
export type TrackResult = 'skipped' | 'beacon' | 'fetch' | 'failed'

export { isTrackedPath }

const browserNavigator = (): BeaconNavigator | undefined => (typeof navigator === 'undefined' ? undefined : navigator)

export function createPageViewTracker(options: PageViewTrackerOptions = {}) {
  const api = options.api ?? createApiClient()
  // The location seen last, /admin ones included: coming back from /admin to the page before it
  // is a change of location, hence a new view; a re-render on the same location is not.
  let previous: string | undefined
  let first = true

  function beacon(body: { path: string; referrer?: string }): boolean {
    const nav = options.navigator ?? browserNavigator()
    if (typeof nav?.sendBeacon !== 'function') return false
    try {
      // NOTE: a string body goes out as text/plain;charset=UTF-8, a CORS-safelisted type, so a
      // cross-origin API base gets no preflight; the server reads text/plain JSON on this path.
      return nav.sendBeacon(api.url(apiPaths.pageView), JSON.stringify(body))
    } catch {
      return false
    }
  }

  /** Records a view of `pathWithQuery` ('/blog?tag=go') unless it is private or a repeat. */
  async function track(pathWithQuery: string): Promise<TrackResult> {
    if (pathWithQuery === previous) return 'skipped'
    previous = pathWithQuery
    const isFirst = first
    first = false
    // The server counted the page it sent; one view counts once.
    if (isFirst && options.firstCounted) return 'skipped'
    if (!isTrackedPath(pathWithQuery)) return 'skipped'
    const body = isFirst && options.referrer ? { path: pathWithQuery, referrer: options.referrer } : { path: pathWithQuery }
    if (beacon(body)) return 'beacon'
    try {
      await api.post(apiPaths.pageView, body, { keepalive: true, retries: 3, retryNonIdempotent: true })
      return 'fetch'
    } catch {
      // A lost page view must never disturb the visitor.
      return 'failed'
    }
  }

  return { track }
}

export type PageViewTracker = ReturnType<typeof createPageViewTracker>
