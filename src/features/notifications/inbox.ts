// Notifications room, the admin's side: how many active messages came in since the admin last
// opened the inbox (admins.inbox_opened_at), shown on the Messages nav item.
import { and, count, eq, gt } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { admins, contactMessages } from '#db/schema'

/** Active (not archived) messages created after the admin last opened the inbox; all of them if never. */
export function unreadCount(db: Db, adminId: number): number {
  const openedAt = db.select({ at: admins.inboxOpenedAt }).from(admins).where(eq(admins.id, adminId)).get()?.at ?? null
  const active = eq(contactMessages.archived, false)
  return db.select({ n: count() }).from(contactMessages).where(openedAt ? and(active, gt(contactMessages.createdAt, openedAt)) : active).get()?.n ?? 0
}

export function markInboxOpened(db: Db, adminId: number, now: Date): void {
  db.update(admins).set({ inboxOpenedAt: now.toISOString() }).where(eq(admins.id, adminId)).run()
}
