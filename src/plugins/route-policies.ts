// Policies a route declares in its own options, next to its handler, and the one table the
// enforcing plugins read them from: the body limit and kind (src/plugins/body.ts), the public
// content an admin write changes and the content a public read shows (the page cache,
// src/web/cache/). Adding a route touches its folder only.
import { Elysia } from 'elysia'
import type { ContentTag } from '../contract/content-tags'

/**
 * How a route's body is read: JSON (the default), JSON that may come as text/plain (a beacon sent
 * with navigator.sendBeacon), a link's `ping` (text/ping, ignored), raw bytes of an upload (PDF
 * or image) or a content archive (zip), or the fields of a page's form posted without JavaScript
 * (application/x-www-form-urlencoded, handed over as src/plugins/body.ts's FormBody).
 */
export type BodyKind = 'json' | 'beacon' | 'ping' | 'upload' | 'archive' | 'form'

export type RoutePolicy = {
  /** Bytes; the default is BODY_LIMITS.upload for an upload, else BODY_LIMITS.admin under /api/admin/, else BODY_LIMITS.public. */
  bodyLimit?: number
  bodyKind?: BodyKind
  /** Public content this admin write changes (src/web/cache/content-changes.ts); a write that declares nothing changes nothing. */
  invalidates?: readonly ContentTag[]
  /** Public content this read's answer shows (a feed, the sitemap, an API read): a cache in front is told to drop it with the pages. */
  shows?: readonly ContentTag[]
}

/**
 * The route options `bodyLimit`, `bodyKind`, `invalidates` and `shows`. Declarations only: a feature's
 * Elysia instance uses this plugin so its routes may carry them (typed), and the plugins that
 * enforce them look them up by the matched route in a PolicyTable.
 */
export const routePolicies = new Elysia({ name: 'folio.route-policies' }).macro({
  bodyLimit: (_bytes: number) => ({}),
  bodyKind: (_kind: BodyKind) => ({}),
  invalidates: (_tags: readonly ContentTag[]) => ({}),
  shows: (_tags: readonly ContentTag[]) => ({}),
})

type RouteEntry = { method: string; path: string; hooks?: unknown }

/** Every route's declared policies, by method and route pattern (what Elysia's context calls `route`). */
export class PolicyTable {
  private readonly byRoute = new Map<string, RoutePolicy>()

  /** Filled once the app is composed: routes are known only then. */
  fill(routes: readonly RouteEntry[]): this {
    this.byRoute.clear()
    for (const r of routes) {
      const hooks = (r.hooks ?? {}) as RoutePolicy
      const policy: RoutePolicy = {}
      if (hooks.bodyLimit !== undefined) policy.bodyLimit = hooks.bodyLimit
      if (hooks.bodyKind !== undefined) policy.bodyKind = hooks.bodyKind
      if (hooks.invalidates !== undefined) policy.invalidates = hooks.invalidates
      if (hooks.shows !== undefined) policy.shows = hooks.shows
      this.byRoute.set(`${r.method} ${r.path}`, policy)
    }
    return this
  }

  /** The policy of a route pattern (as Elysia's context gives it) or of a concrete path. */
  of(method: string, routeOrPath: string): RoutePolicy {
    const exact = this.byRoute.get(`${method} ${routeOrPath}`)
    if (exact) return exact
    const parts = routeOrPath.split('/')
    for (const [key, policy] of this.byRoute) {
      const [m, route] = key.split(' ') as [string, string]
      const pattern = route.split('/')
      if (m === method && pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') || seg === parts[i])) return policy
    }
    return {}
  }

  routes(): { method: string; path: string; policy: RoutePolicy }[] {
    return [...this.byRoute].map(([key, policy]) => {
      const [method, path] = key.split(' ') as [string, string]
      return { method, path, policy }
    })
  }

  /** Each route with a body limit of its own, and that limit. */
  bodyLimits(): { method: string; route: string; limit: number; kind: BodyKind }[] {
    return [...this.byRoute].flatMap(([key, p]) => {
      if (p.bodyLimit === undefined) return []
      const [method, route] = key.split(' ') as [string, string]
      return [{ method, route, limit: p.bodyLimit, kind: p.bodyKind ?? 'json' }]
    })
  }
}
