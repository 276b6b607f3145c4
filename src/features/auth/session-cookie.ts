// The session cookie of contract.md: HttpOnly, SameSite=Strict, Path=/, Max-Age 43200;
// `__Host-folio_session` with Secure when SITE_URL is https, else `folio_session`.
import { SESSION_SECONDS } from '../../contract/limits'

export const sessionCookieName = (siteUrl: string) => (siteUrl.startsWith('https:') ? '__Host-folio_session' : 'folio_session')

export function sessionCookie(siteUrl: string, token: string, maxAge = SESSION_SECONDS): string {
  const secure = siteUrl.startsWith('https:') ? '; Secure' : ''
  return `${sessionCookieName(siteUrl)}=${token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Strict${secure}`
}

export const clearedSessionCookie = (siteUrl: string) => sessionCookie(siteUrl, '', 0)

/** Reads the session token from a Cookie header. */
export function readSessionToken(cookieHeader: string | null, siteUrl: string): string | null {
  if (!cookieHeader) return null
  const name = sessionCookieName(siteUrl)
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null
  }
  return null
}
