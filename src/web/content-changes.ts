// Which admin writes change what the public pages show: after a write's handler returns (and
// before its response leaves), the render cache drops exactly the pages showing what the route
// declares it changes (`invalidates` in its options, src/plugins/route-policies.ts).
import { Elysia } from 'elysia'
import { CONTENT_TAGS, type ContentTag } from '../contract/content-tags'
import type { PolicyTable } from '../plugins/route-policies'
import type { RenderCache } from './render-cache'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The tags a request changes; an admin write whose route declares nothing changes everything (safe). */
export function tagsChangedBy(policies: PolicyTable, method: string, routeOrPath: string): readonly ContentTag[] {
  if (!UNSAFE.has(method) || !routeOrPath.startsWith('/api/admin/')) return []
  return policies.of(method, routeOrPath).invalidates ?? CONTENT_TAGS
}

export const contentChanges = (cache: RenderCache, policies: PolicyTable) =>
  // NOTE: a write that fails throws inside its transaction, which rolls back: nothing to drop.
  new Elysia({ name: 'folio.content-changes' }).onAfterHandle({ as: 'global' }, ({ request, route }) => {
    const tags = tagsChangedBy(policies, request.method, route)
    if (tags.length) cache.invalidate(tags)
  })
