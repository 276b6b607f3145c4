// Finds the route of a path with the same matcher wouter uses, for the server and the head.
import { matchRoute } from 'wouter'
import { routes } from './routes'
import type { Params, SiteRoute } from './route-types'
import { parsePattern } from './route-pattern'

export function findRoute(path: string): { route: SiteRoute; params: Params } | null {
  for (const route of routes) {
    const [ok, raw] = matchRoute(parsePattern, route.path, path)
    if (!ok) continue
    const params: Params = {}
    for (const [key, value] of Object.entries(raw ?? {})) {
      if (typeof value !== 'string' || /^\d+$/.test(key)) continue
      try {
        params[key] = decodeURIComponent(value)
      } catch {
        return null
      }
    }
    return { route, params }
  }
  return null
}

/**
 * The query a route declares (the parameters its page renders differently for), in name order,
 * blank values dropped: '' or '?tag=x'. The render cache keys pages by it and analytics counts
 * views under it, so neither keeps a copy of every junk parameter a visitor can invent.
 */
export function declaredQuery(route: SiteRoute, search: URLSearchParams): string {
  const kept = new URLSearchParams()
  for (const name of [...(route.cache ? route.cache.query : [])].sort()) {
    const value = search.get(name)?.trim()
    if (value) kept.set(name, value)
  }
  return kept.size ? `?${kept}` : ''
}
