// Sign-in methods room: the known-device cookie (OWASP "device cookies"): a browser that signed in as the
// admin before gets its password checked even while a flood from thousands of addresses has spent
// the check budget (hash-budget.ts). It grants nothing else: it is not a session.
import { createHmac, timingSafeEqual } from 'node:crypto'
import * as adminPaths from '#src/contract/admin-paths'
import { API_PREFIX } from '#src/contract/api-paths'
import type { SiteOrigin } from '#src/contract/site-origin'
import { createKey, keyFile, readKey } from '#src/lib/key-file'
import { cookieValue } from '#src/features/auth'

/** A year: the owner's own browser stays known between visits to the admin. */
export const DEVICE_SECONDS = 365 * 24 * 60 * 60
const PATH = API_PREFIX + adminPaths.login

export const deviceCookieName = (site: Pick<SiteOrigin, 'secure'>) => (site.secure ? '__Secure-folio_device' : 'folio_device')

/**
 * Issues and checks device cookies for the admin named by `stamp` (id and last change): a new
 * password or a new admin makes every earlier device unknown again.
 */
export function deviceCookies(dataDir: string, site: Pick<SiteOrigin, 'secure'>) {
  const file = keyFile(dataDir, 'device-cookies')
  let key = readKey(file)
  const mac = (k: Buffer, stamp: string, issued: string) => createHmac('sha256', k).update(`${stamp}|${issued}`).digest('base64url')
  const name = deviceCookieName(site)
  const secure = site.secure ? '; Secure' : ''

  /**
   * The throttle's key for the browser whose Cookie header holds a device cookie issued to this
   * admin within a year, or null: only a sign-in could have made one, so strangers cannot share it.
   */
  function identity(cookieHeader: string | null, stamp: string | undefined, now: Date): string | null {
    if (!cookieHeader || !stamp || !key) return null
    const value = cookieValue(cookieHeader, name)
    const m = value && /^(\d{1,12})\.([\w-]{43})$/.exec(value)
    if (!m) return null
    const age = now.getTime() / 1000 - Number(m[1])
    if (age < -60 || age > DEVICE_SECONDS) return null
    const expected = Buffer.from(mac(key, stamp, m[1]!))
    const given = Buffer.from(m[2]!)
    return expected.length === given.length && timingSafeEqual(expected, given) ? `device:${m[1]}.${m[2]!.slice(0, 16)}` : null
  }

  return {
    identity,
    /** The Set-Cookie value after a successful sign-in. */
    issue(stamp: string, now: Date): string {
      const issued = String(Math.floor(now.getTime() / 1000))
      return `${name}=${issued}.${mac((key ??= createKey(file)), stamp, issued)}; Max-Age=${DEVICE_SECONDS}; Path=${PATH}; HttpOnly; SameSite=Strict${secure}`
    },
    /** True when the Cookie header holds a device cookie issued to this admin within a year. */
    known(cookieHeader: string | null, stamp: string | undefined, now: Date): boolean {
      return identity(cookieHeader, stamp, now) !== null
    },
  }
}
