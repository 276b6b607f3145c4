// The session cookie of contract.md: HttpOnly, SameSite=Strict, Path=/, Max-Age 43200;
// `__Host-folio_session` with Secure when SITE_URL is https, else `folio_session`.
import { SESSION_SECONDS } from '#src/contract/limits'
import type { SiteOrigin } from '#src/contract/site-origin'

type Site = Pick<SiteOrigin, 'secure'>

export const sessionCookieName = (site: Site) => (site.secure ? '__Host-folio_session' : 'folio_session')

export function sessionCookie(site: Site, token: string, maxAge = SESSION_SECONDS): string {
  const secure = site.secure ? '; Secure' : ''
  return `${sessionCookieName(site)}=${token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Strict${secure}`
}

export const clearedSessionCookie = (site: Site) => sessionCookie(site, '', 0)

/** The value of the cookie `name` in a Cookie header; null when it is not there. */
export function cookieValue(cookieHeader: string | null, name: string): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

/** Reads the session token from a Cookie header. */
export const readSessionToken = (cookieHeader: string | null, site: Site): string | null => cookieValue(cookieHeader, sessionCookieName(site)) || null
