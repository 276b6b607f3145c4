// Analytics room: which beacon paths count as a public page view, and in what form.
import { LIMITS } from '#src/contract/limits'
import { LRUCache } from 'lru-cache'

// NOTE: whitespace and control characters never occur in a path the router produced; such a
// value is junk or an attempt to smuggle text into the dashboard, so it is not counted.
const JUNK = /[\s\p{Cc}]/u

/**
 * The path plus query to store, or null when the view is not counted: not starting with '/',
 * an /admin page (contract.md: any path starting /admin), or an /api endpoint.
 */
export function normalisePagePath(raw: string): string | null {
  if (!raw.startsWith('/') || JUNK.test(raw)) return null
  const withoutFragment = raw.split('#', 1)[0]!
  const q = withoutFragment.indexOf('?')
  const pathname = (q === -1 ? withoutFragment : withoutFragment.slice(0, q)).replace(/\/{2,}/g, '/')
  const query = q === -1 ? '' : withoutFragment.slice(q + 1)
  const lower = pathname.toLowerCase()
  if (lower.startsWith('/admin') || lower === '/api' || lower.startsWith('/api/')) return null
  return (query ? `${pathname}?${query}` : pathname).slice(0, LIMITS.pathMax)
}

export type CountedView = { path: string; search: URLSearchParams }
/**
 * The query a path's route declares, in the render cache's form ('' or '?tag=x'; '' for a path of
 * no route): the site's route table, which is the web layer's (src/web/view-counting.ts).
 */
export type RouteQuery = (pathname: string, search: URLSearchParams) => string

// A site's readers load its few pages over and over: each is judged once. Bounded: 1,000 paths
// of at most 256 characters, the least recently judged dropped past it (false: not counted).
// NOTE: callers share the result, so they only read it (its `search` too).
const VIEW_MEMO_KEY_MAX = 256

/**
 * Judges views against `routeQuery`: the page a view is counted under is its path plus only the
 * query its route declares (the render cache's key), and its whole query is kept for the campaign
 * it came from. A judgement is null when the view is not counted (normalisePagePath).
 */
export function viewJudge(routeQuery: RouteQuery): (raw: string) => CountedView | null {
  const views = new LRUCache<string, CountedView | false>({ max: 1_000 })
  const judge = (raw: string): CountedView | null => {
    const normal = normalisePagePath(raw)
    if (!normal) return null
    const q = normal.indexOf('?')
    if (q === -1) return { path: maskCapabilities(normal), search: new URLSearchParams() }
    const pathname = normal.slice(0, q)
    const search = new URLSearchParams(normal.slice(q + 1))
    // Only a view with a query pays for matching the route table.
    return { path: maskCapabilities((pathname + routeQuery(pathname, search)).slice(0, LIMITS.pathMax)), search }
  }
  return (raw) => {
    if (raw.length > VIEW_MEMO_KEY_MAX) return judge(raw)
    let view = views.get(raw)
    if (view === undefined) {
      view = judge(raw) ?? false
      views.set(raw, view)
    }
    return view || null
  }
}

// Resume links (/resume/{token}) and draft previews (/preview/{token}) are capabilities.
const CAPABILITY = /^\/+(resume|preview)\//i

/**
 * A capability's token is never written into analytics: a path under one (in any case, behind
 * doubled or escaped slashes, with anything after the token) is stored as '/resume/…' or
 * '/preview/…', without its query. Every path analytics stores passes here: views, 404s, feeds.
 */
export function maskCapabilities(path: string): string {
  const q = path.indexOf('?')
  let pathname = q === -1 ? path : path.slice(0, q)
  try {
    if (pathname.includes('%')) pathname = decodeURIComponent(pathname)
  } catch {
    // A malformed escape is judged as written.
  }
  const capability = CAPABILITY.exec(pathname)
  return capability ? `/${capability[1]!.toLowerCase()}/…` : path
}
