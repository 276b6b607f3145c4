// An admin write that changes public pages says so in its route's options (`invalidates`,
// src/plugins/route-policies.ts); after its handler returns, and before its response leaves, it
// becomes one PagesChanged for the page cache. A route that declares nothing changes nothing.
import { Elysia } from 'elysia'
import type { ContentTag } from '#src/contract/content-tags'
import type { PolicyTable } from '#src/plugins/route-policies'
import type { PagesChanged } from './events'
import type { RenderCache } from './render-cache'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The tags a request changes: what its route declares, for an unsafe admin route; nothing else.
 * NOTE: only /api/admin/ routes count, so no stranger's request starts a re-render or a purge.
 */
export function tagsChangedBy(policies: PolicyTable, method: string, routeOrPath: string): readonly ContentTag[] {
  if (!UNSAFE.has(method) || !routeOrPath.startsWith('/api/admin/')) return []
  return policies.of(method, routeOrPath).invalidates ?? []
}

/** The change a request made, null for none; the item is its route's `:slug` (a post's or project's own page). */
export function changeOf(policies: PolicyTable, method: string, route: string, params: Record<string, string | undefined> | undefined): PagesChanged | null {
  const tags = tagsChangedBy(policies, method, route)
  if (!tags.length) return null
  return { tags, items: params?.slug ? [params.slug] : [], cause: 'admin write' }
}

export const contentChanges = (cache: RenderCache, policies: PolicyTable) =>
  // NOTE: a write that fails throws inside its transaction, which rolls back: nothing changed.
  new Elysia({ name: 'folio.content-changes' }).onAfterHandle({ as: 'global' }, ({ request, route, params }) => {
    // NOTE: Elysia gives a route with no parameters no `params` at all.
    const change = changeOf(policies, request.method, route, params as Record<string, string | undefined> | undefined)
    if (change) cache.change(change)
  })
