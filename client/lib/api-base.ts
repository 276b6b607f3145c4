// Where API calls go (spec section 7): the configured API base, or the page's own origin.

export type PageLocation = { hostname: string; origin: string }

const LOCAL_HOSTS = new Set(['localhost', '::1', '[::1]', '0.0.0.0'])

/** True for a loopback or unspecified host name (localhost, 127.x.x.x, ::1, 0.0.0.0). */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return LOCAL_HOSTS.has(host) || /^127(?:\.\d{1,3}){3}$/.test(host)
}

function hostOf(base: string): string | null {
  try {
    return new URL(base).hostname
  } catch {
    // A relative base ('/backend') has no host of its own: it is the page's host.
    return null
  }
}

/**
 * The prefix put before '/api', without a trailing slash; '' means same origin (relative URLs).
 * A base on a local host is a development leftover when the page itself is served from a real
 * host (a visitor's localhost is not our server), so it is ignored there. Without a location
 * (server rendering) there is no page host to compare with, and the configured base is kept.
 */
export function resolveApiBase(configured: string | undefined, location: PageLocation | undefined): string {
  const base = (configured ?? '').trim().replace(/\/+$/, '')
  if (!base) return ''
  const host = hostOf(base)
  if (host !== null && isLocalHost(host) && location && !isLocalHost(location.hostname)) return ''
  if (location && base === location.origin) return ''
  return base
}

/** The page's location when running in a browser; undefined during server rendering. */
export function pageLocation(): PageLocation | undefined {
  return typeof location === 'undefined' ? undefined : { hostname: location.hostname, origin: location.origin }
}
