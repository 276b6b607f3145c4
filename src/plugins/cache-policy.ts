// Cache-Control for API answers, in one place: the public content reads may sit in a CDN for a
// minute (and be served stale while it refetches); everything else under /api is never stored.
import { Elysia } from 'elysia'
import { pathOnly } from '../lib/request-path'

/** Shared caches keep it a minute and may serve it stale a day while refetching; browsers revalidate. */
export const PUBLIC_CACHE = 'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=86400'

const PUBLIC_READS = /^\/api\/(projects|posts)(\/[^/]+)?$|^\/api\/skills$/

export function apiCachePolicy(method: string, path: string): string | null {
  if (!path.startsWith('/api/')) return null
  return method === 'GET' && PUBLIC_READS.test(path) ? PUBLIC_CACHE : 'no-store'
}

export const cachePolicy = () =>
  new Elysia({ name: 'folio.cache-policy' }).onAfterHandle({ as: 'global' }, ({ request, set }) => {
    if (set.headers['cache-control']) return
    const path = pathOnly(request.url)
    const policy = apiCachePolicy(request.method, path)
    if (policy) set.headers['cache-control'] = policy
    // A public read names what it shows, like a page, so a cache in front drops it with them.
    if (policy === PUBLIC_CACHE) set.headers['x-folio-tags'] = path.split('/')[2]!
  })
