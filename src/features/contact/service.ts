// Contact room: store contact messages and let the admin page, archive and delete them.
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { contactMessages } from '#db/schema'
import type { ContactMessage, ContactPayload, MessagesPage, MessagesQuery, MessageVisit } from '#src/contract/contact'
import type { Clock } from '#src/lib/clock'
import { notFound } from '#src/lib/http-error'
import { containsPattern, likeContains } from '#src/lib/sql-helpers'
import { forgetNotifications } from '#src/features/notifications'

export type Row = typeof contactMessages.$inferSelect

export const UA_MAX = 512

export const toMessage = (row: Row): ContactMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  reason: row.reason,
  message: row.message,
  archived: row.archived,
  createdAt: row.createdAt,
  meta: { ip: row.ip, ua: row.ua },
  visit: row.visitEntry === null ? null : { entry: row.visitEntry, referrer: row.visitReferrer ?? '', campaign: row.visitCampaign ?? '' },
})

/** Stores an already validated (and so already cleaned) payload, with how its visit began (if counted). */
export function createMessage(db: Db, input: ContactPayload, meta: { ip: string; ua: string }, clock: Clock, visit: MessageVisit | null = null): ContactMessage {
  const now = clock.now()
  const row: Row = {
    // The clock's time in the UUIDv7 keeps ids in createdAt order, manual clocks included.
    id: Bun.randomUUIDv7('hex', now),
    name: input.name,
    email: input.email,
    reason: input.reason,
    message: input.message,
    archived: false,
    createdAt: now.toISOString(),
    ip: meta.ip,
    ua: meta.ua.slice(0, UA_MAX),
    visitEntry: visit?.entry ?? null,
    visitReferrer: visit?.referrer ?? null,
    visitCampaign: visit?.campaign ?? null,
  }
  db.insert(contactMessages).values(row).run()
  return toMessage(row)
}

function filters(query: Pick<MessagesQuery, 'status' | 'search'>): SQL | undefined {
  const conditions: SQL[] = []
  if (query.status !== 'all') conditions.push(eq(contactMessages.archived, query.status === 'archived'))
  if (query.search) {
    const p = containsPattern(query.search)
    conditions.push(or(likeContains(contactMessages.name, p), likeContains(contactMessages.email, p), likeContains(contactMessages.message, p))!)
  }
  return conditions.length ? and(...conditions) : undefined
}

/** One page, newest first; a page past the end is empty but still reports the real page count. */
export function listMessages(db: Db, query: MessagesQuery): MessagesPage {
  const where = filters(query)
  const total = db.select({ n: count() }).from(contactMessages).where(where).get()?.n ?? 0
  const items = db
    .select()
    .from(contactMessages)
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .all()
    .map(toMessage)
  return { items, pageInfo: { page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), total, limit: query.limit } }
}

export function setArchived(db: Db, id: string, archived: boolean): ContactMessage {
  const row = db.update(contactMessages).set({ archived }).where(eq(contactMessages.id, id)).returning().get()
  if (!row) throw notFound('Message not found.')
  return toMessage(row)
}

/** A deleted message is not announced afterwards either: its pending notifications go with it. */
export function deleteMessage(db: Db, id: string): void {
  db.transaction((tx) => {
    const gone = tx.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id }).all()
    if (!gone.length) throw notFound('Message not found.')
    forgetNotifications(tx, [id])
  }, { behavior: 'immediate' })
}
