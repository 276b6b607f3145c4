// Contact room: one person's messages, found by their address, for export and for erasure.
import { asc, inArray, or, sql } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { contactMessages } from '#db/schema'
import type { ContactMessage, MessagesExport } from '#src/contract/contact'
import type { Clock } from '#src/lib/clock'
import { toMessage, type Row } from './service'
import { forgetNotifications } from '#src/features/notifications'

/**
 * Every message from `email`, letters in any case, oldest first. NOTE: SQLite's lower() folds
 * ASCII only, so rows holding any other character are fetched too and compared in JavaScript,
 * which folds every script ('Ö' and 'ö'): erasure must not miss a message over a letter's case.
 */
function rowsFrom(db: Db, email: string): Row[] {
  const wanted = email.toLowerCase()
  return db
    .select()
    .from(contactMessages)
    .where(or(sql`lower(${contactMessages.email}) = lower(${email})`, sql`${contactMessages.email} GLOB '*[^ -~]*'`))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .all()
    .filter((row) => row.email.toLowerCase() === wanted)
}

export function messagesFrom(db: Db, email: string): ContactMessage[] {
  return rowsFrom(db, email).map(toMessage)
}

export function exportMessages(db: Db, email: string, clock: Clock): MessagesExport {
  return { email, exportedAt: clock.now().toISOString(), items: messagesFrom(db, email) }
}

/** Deletes every message from `email`, and any notification of them, in one transaction; returns how many went. */
export function eraseMessages(db: Db, email: string): number {
  return db.transaction((tx) => {
    const ids = rowsFrom(tx, email).map((r) => r.id)
    if (ids.length) tx.delete(contactMessages).where(inArray(contactMessages.id, ids)).run()
    forgetNotifications(tx, ids)
    return ids.length
  }, { behavior: 'immediate' })
}
