// Resume room: one-time links (create, list, inspect, consume) and the file they hand out. A token
// is stored only as its hash (for lookup) and sealed (for the admin's list): docs/decisions/security/008.
import { and, desc, eq, gt, gte, sql } from 'drizzle-orm'
import { statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '#db/connection'
import { resumeLinks } from '#db/schema'
import { LIMITS } from '#src/contract/limits'
import * as paths from '#src/contract/paths'
import type { ResumeFileStatus, ResumeLink, ResumeLinkState, ResumeLinkStatus, SignedResumeUrl } from '#src/contract/resume'
import { DAY, HOUR, type Clock } from '#src/lib/clock'
import { newToken, sha256, TOKEN_PATTERN } from '#src/lib/tokens'
import type { TokenVault } from './token-vault'

type Row = typeof resumeLinks.$inferSelect

export function statusOf(row: Pick<Row, 'used' | 'expiresAt'>, now: Date): ResumeLinkStatus {
  if (row.used) return 'viewed'
  return row.expiresAt <= now.toISOString() ? 'expired' : 'valid'
}

/** A link whose token this server cannot unseal is listed with '' for token and relativeUrl. */
function toLink(row: Row, now: Date, vault: TokenVault): ResumeLink {
  const token = vault.open(row.tokenSealed, row.tokenHash)
  return {
    token: token ?? '',
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    status: statusOf(row, now),
    used: row.used,
    usedAt: row.usedAt,
    relativeUrl: token === null ? '' : paths.resume(token),
  }
}

export function createLink(db: Db, clock: Clock, vault: TokenVault): SignedResumeUrl {
  const now = clock.now()
  const token = newToken()
  const expiresAt = new Date(now.getTime() + LIMITS.resumeLinkHours * HOUR).toISOString()
  db.insert(resumeLinks).values({ tokenHash: sha256(token), tokenSealed: vault.seal(token), createdAt: now.toISOString(), expiresAt }).run()
  return { url: paths.resume(token), expiresAt }
}

/** Links created in the history window, newest first (rowid breaks ties within one millisecond). */
export function listRecentLinks(db: Db, clock: Clock, vault: TokenVault): ResumeLink[] {
  const now = clock.now()
  const since = new Date(now.getTime() - LIMITS.resumeHistoryDays * DAY).toISOString()
  return db
    .select()
    .from(resumeLinks)
    .where(gte(resumeLinks.createdAt, since))
    .orderBy(desc(resumeLinks.createdAt), desc(sql`rowid`))
    .all()
    .map((row) => toLink(row, now, vault))
}

/**
 * The link behind a token, or null; a malformed token never reaches the database. NOTE: looked up
 * by its hash only, so the comparison leaks nothing about any stored token through timing.
 */
export function findLink(db: Db, token: string): Row | null {
  if (!TOKEN_PATTERN.test(token)) return null
  return db.select().from(resumeLinks).where(eq(resumeLinks.tokenHash, sha256(token))).get() ?? null
}

export function linkState(row: Row, clock: Clock): ResumeLinkState {
  return { status: statusOf(row, clock.now()), expiresAt: row.expiresAt }
}

/**
 * Marks the link used if, at this instant, it is unused and unexpired. NOTE: one UPDATE with the
 * conditions in its WHERE is the whole race: of concurrent callers exactly one gets a row back.
 */
export function consumeLink(db: Db, tokenHash: string, clock: Clock): boolean {
  const now = clock.now().toISOString()
  const won = db
    .update(resumeLinks)
    .set({ used: true, usedAt: now })
    .where(and(eq(resumeLinks.tokenHash, tokenHash), eq(resumeLinks.used, false), gt(resumeLinks.expiresAt, now)))
    .returning({ tokenHash: resumeLinks.tokenHash })
    .get()
  return won !== undefined
}

/** Where the resume comes from: an uploaded file wins over RESUME_FILE. */
export const resumeCandidates = (dataDir: string, resumeFile: string | null) =>
  [join(dataDir, 'uploads', 'resume.pdf'), resumeFile].filter((p): p is string => p !== null)

/** The first readable candidate's bytes, or null when there is no resume to hand out. */
export async function readResume(candidates: string[], onError: (path: string, error: unknown) => void): Promise<Uint8Array<ArrayBuffer> | null> {
  for (const path of candidates) {
    try {
      return await readFile(path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onError(path, error)
    }
  }
  return null
}

/** Which resume a link would hand out now: the upload, else RESUME_FILE, else none. */
export function resumeFileStatus(dataDir: string, resumeFile: string | null): ResumeFileStatus {
  const [uploadPath] = resumeCandidates(dataDir, null) as [string]
  for (const [path, source] of [[uploadPath, 'upload'], [resumeFile, 'env']] as const) {
    if (!path) continue
    try {
      const st = statSync(path)
      if (st.isFile()) return { present: true, source, size: st.size, uploadedAt: source === 'upload' ? st.mtime.toISOString() : null }
    } catch {
      // not there: try the next source
    }
  }
  return { present: false, source: null }
}
