// Analytics room: which beacon paths count as a public page view, and in what form.
import { LIMITS } from '../../contract/limits'

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

/** A resume link is a capability: its token is never written into analytics. */
export const maskCapabilities = (path: string) => path.replace(/^\/resume\/[^?]*/i, '/resume/…')
