// Notifications room: the outbox (notification_outbox). One row per message and channel, written in
// the transaction that stores the message; the sender (./sender.ts) works through it one row at a time.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, or } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { notificationOutbox } from '#db/schema'
import type { ContactMessage } from '#src/contract/contact'
import type { NotifiedMessage, SecurityNotice } from '#src/contract/owner/notifications'
import type { NotifyConfig } from '#src/config/notify-env'

export type Channel = 'email' | 'webhook'
export type OutboxRow = typeof notificationOutbox.$inferSelect

/** next_attempt_at of a notification folio gave up on: after any real time, so never due. */
export const GAVE_UP = '9999-12-31T23:59:59.999Z'
/** Delivered and given-up rows are deleted this long after their message (SECURITY.md, bounds). */
export const OUTBOX_KEEP_DAYS = 30
/** last_error keeps this many characters: enough to say what went wrong, never a whole answer. */
export const ERROR_MAX = 300

/** The channels the configuration turns on, in the order they are sent. */
export function channelsOf(notify: NotifyConfig): Channel[] {
  const channels: Channel[] = []
  if (notify.smtpUrl) channels.push('email')
  if (notify.webhookUrl) channels.push('webhook')
  return channels
}

export const notifiedMessage = (m: ContactMessage): NotifiedMessage => ({
  id: m.id,
  name: m.name,
  email: m.email,
  reason: m.reason,
  message: m.message,
  createdAt: m.createdAt,
})

/** Call inside the transaction that stores the message (or makes the change a notice announces): both are kept, or neither. */
export function enqueueNotifications(tx: Db, message: NotifiedMessage | SecurityNotice, channels: readonly Channel[], now: Date): void {
  if (!channels.length) return
  const at = now.toISOString()
  const payload = JSON.stringify(message)
  tx.insert(notificationOutbox)
    .values(channels.map((channel) => ({ channel, messageId: message.id, payload, attempts: 0, nextAttemptAt: at, createdAt: at })))
    .onConflictDoNothing()
    .run()
}

const pending = and(isNull(notificationOutbox.sentAt), ne(notificationOutbox.nextAttemptAt, GAVE_UP))

/** The pending row whose time has come first, if any. */
export function nextDue(db: Db, now: Date): OutboxRow | undefined {
  return db
    .select()
    .from(notificationOutbox)
    .where(and(isNull(notificationOutbox.sentAt), lte(notificationOutbox.nextAttemptAt, now.toISOString())))
    .orderBy(asc(notificationOutbox.nextAttemptAt), asc(notificationOutbox.id))
    .limit(1)
    .get()
}

/** When the next pending row is due, or null when nothing waits. */
export function nextPendingAt(db: Db): Date | null {
  const row = db.select({ at: notificationOutbox.nextAttemptAt }).from(notificationOutbox).where(pending).orderBy(asc(notificationOutbox.nextAttemptAt)).limit(1).get()
  return row ? new Date(row.at) : null
}

/** At start-up every pending notification is tried at once, whatever its backoff said. */
export function duePendingNow(db: Db, now: Date): number {
  return db.update(notificationOutbox).set({ nextAttemptAt: now.toISOString() }).where(pending).returning({ id: notificationOutbox.id }).all().length
}

/** Delivered: the copy of the message goes (the inbox keeps it), the row stays as a record until purged. */
export function markSent(db: Db, row: OutboxRow, now: Date): void {
  db.update(notificationOutbox)
    .set({ sentAt: now.toISOString(), attempts: row.attempts + 1, payload: '{}', lastError: null })
    .where(eq(notificationOutbox.id, row.id))
    .run()
}

/** A failed try: again at `next`, or (null) never, and then the copy of the message goes too. */
export function markFailed(db: Db, row: OutboxRow, error: string, next: Date | null): void {
  db.update(notificationOutbox)
    .set({
      attempts: row.attempts + 1,
      lastError: error.slice(0, ERROR_MAX),
      nextAttemptAt: next ? next.toISOString() : GAVE_UP,
      ...(next ? {} : { payload: '{}' }),
    })
    .where(eq(notificationOutbox.id, row.id))
    .run()
}

/** Deletes delivered and given-up rows created before `cutoff`; returns how many went. */
export function purgeOutbox(db: Db, cutoff: Date): number {
  return db
    .delete(notificationOutbox)
    .where(and(lt(notificationOutbox.createdAt, cutoff.toISOString()), or(isNotNull(notificationOutbox.sentAt), eq(notificationOutbox.nextAttemptAt, GAVE_UP))))
    .returning({ id: notificationOutbox.id })
    .all().length
}

/** Deleted or erased messages are not announced afterwards: their rows (and copies) go with them. */
export function forgetNotifications(tx: Db, messageIds: readonly string[]): void {
  if (messageIds.length) tx.delete(notificationOutbox).where(inArray(notificationOutbox.messageId, [...messageIds])).run()
}

export function outboxSummary(db: Db): { pending: number; failed: number; lastError: string | null } {
  const n = (where: ReturnType<typeof and>) => db.select({ n: count() }).from(notificationOutbox).where(where).get()?.n ?? 0
  // The newest notification decides: an old error followed by a delivery is no longer news.
  const newest = db
    .select({ lastError: notificationOutbox.lastError, sentAt: notificationOutbox.sentAt })
    .from(notificationOutbox)
    .where(or(isNotNull(notificationOutbox.sentAt), isNotNull(notificationOutbox.lastError)))
    .orderBy(desc(notificationOutbox.id))
    .limit(1)
    .get()
  return { pending: n(pending), failed: n(eq(notificationOutbox.nextAttemptAt, GAVE_UP)), lastError: newest && !newest.sentAt ? newest.lastError : null }
}
