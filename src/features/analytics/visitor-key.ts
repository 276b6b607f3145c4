// Analytics room: the day's random key and the visitor hash made with it. The key exists in
// memory and in the database for its UTC day only; once the day is over it is deleted, and the
// hashes written with it can no longer be linked to anyone (nor to the next day's).
import { createHmac, randomBytes } from 'node:crypto'
import { ne } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { analyticsSalts } from '#db/schema'

/**
 * The key of `day`: read back after a restart (so one visitor stays one visitor all day),
 * made on the day's first hit, and every other day's deleted at the same time.
 */
export function saltOfDay(db: Db, day: string): string {
  return db.transaction(
    (tx) => {
      tx.delete(analyticsSalts).where(ne(analyticsSalts.day, day)).run()
      const kept = tx.select({ salt: analyticsSalts.salt }).from(analyticsSalts).get()
      if (kept) return kept.salt
      const salt = randomBytes(32).toString('hex')
      tx.insert(analyticsSalts).values({ day, salt }).run()
      return salt
    },
    { behavior: 'immediate' },
  )
}

/** A keyed hash of the visitor's address and browser: the same all day, unrelated the next. */
export function visitorHash(salt: string, ip: string, userAgent: string): string {
  return createHmac('sha256', salt).update(ip).update('\n').update(userAgent).digest('hex').slice(0, 32)
}
