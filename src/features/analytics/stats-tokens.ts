// Analytics room: read-only tokens for the stats API (the owner's own scripts). Only a SHA-256
// of each token is kept; the token is shown once, when made. Deleting one revokes it at once.
import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { statsTokens } from '#db/schema'
import type { NewStatsToken, StatsToken } from '#src/contract/analytics'
import type { Clock } from '#src/lib/clock'
import { newToken, sha256 } from '#src/lib/tokens'

const listed = { id: statsTokens.id, name: statsTokens.name, createdAt: statsTokens.createdAt, lastUsedAt: statsTokens.lastUsedAt }

export const listStatsTokens = (db: Db): StatsToken[] => db.select(listed).from(statsTokens).orderBy(desc(statsTokens.createdAt), statsTokens.id).all()

export function createStatsToken(db: Db, name: string, clock: Clock): NewStatsToken {
  const token = `fst_${newToken()}`
  const row = { id: randomUUID(), name, tokenHash: sha256(token), createdAt: clock.now().toISOString(), lastUsedAt: null }
  db.insert(statsTokens).values(row).run()
  return { id: row.id, name, createdAt: row.createdAt, lastUsedAt: null, token }
}

/** False when there was no such token. */
export const revokeStatsToken = (db: Db, id: string): boolean => db.delete(statsTokens).where(eq(statsTokens.id, id)).returning({ id: statsTokens.id }).all().length > 0

/** Whether the Authorization header carries a live stats token; notes when it was last used. */
export function checkStatsToken(db: Db, authorization: string | null, clock: Clock): boolean {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1]
  if (!token) return false
  const hash = sha256(token)
  return db.update(statsTokens).set({ lastUsedAt: clock.now().toISOString() }).where(eq(statsTokens.tokenHash, hash)).returning({ id: statsTokens.id }).all().length > 0
}
