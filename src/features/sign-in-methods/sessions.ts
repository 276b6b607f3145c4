// The admin's live sessions, as the security screen lists them, and signing out the others.
import { and, desc, eq, gt, ne } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { sessions } from '#db/schema'
import { SIGN_IN_METHODS, type SessionInfo, type SignInMethod } from '#src/contract/auth'
import type { Clock } from '#src/lib/clock'

const BROWSERS: [RegExp, string][] = [
  [/Edg\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari/, 'Safari'],
]
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad/, 'iOS'],
  [/Android/, 'Android'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
]

/** "Firefox 133 on Linux" from a User-Agent; the first 40 characters of anything else. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser'
  const browser = BROWSERS.map(([re, name]) => [re.exec(userAgent)?.[1], name] as const).find(([v]) => v)
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1]
  if (!browser) return userAgent.slice(0, 40)
  return `${browser[1]} ${browser[0]}${system ? ` on ${system}` : ''}`
}

const methodOf = (m: string): SignInMethod => ((SIGN_IN_METHODS as readonly string[]).includes(m) ? (m as SignInMethod) : 'password')

export function listSessions(db: Db, adminId: number, currentId: string, clock: Clock): SessionInfo[] {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.adminId, adminId), gt(sessions.expiresAt, clock.now().toISOString())))
    .orderBy(desc(sessions.createdAt))
    .all()
    .map((s) => ({ id: s.tokenHash.slice(0, 16), current: s.tokenHash === currentId, method: methodOf(s.method), createdAt: s.createdAt, lastSeenAt: s.lastSeenAt, browser: browserOf(s.userAgent) }))
}

/** Every session of the admin but `keepId`'s; how many ended. */
export function endOtherSessions(db: Db, adminId: number, keepId: string): number {
  return db.delete(sessions).where(and(eq(sessions.adminId, adminId), ne(sessions.tokenHash, keepId))).returning({ id: sessions.tokenHash }).all().length
}
