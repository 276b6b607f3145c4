// The attempts at an image's variants, kept in its note while it waits for them (`variantsAt`
// empty). A decode stopped from outside (past the child's memory or time limit, or by the kernel's
// OOM killer) can note nothing, so the attempt is written before it starts: a sweep that finds
// the mark knows the attempt before it was stopped. One retry, then the image is noted as failed
// and the sweep goes on to the next (issue 32: a killed decode once blocked every later image).
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { images } from '#db/schema'

/** The note while attempt 1 or 2 runs; shown as is where notes are shown (`folio images`, the log). */
export const ATTEMPT_NOTES = [
  'variants being made (first attempt)',
  'variants being made again (the first attempt was stopped: out of memory or time)',
] as const
export const STOPPED_TWICE = 'variants failed: stopped twice while being made (out of memory or time); only the original is served'

/** How many attempts began and were never finished: 0, 1 or 2. */
export const attemptsBegun = (note: string | null) => ATTEMPT_NOTES.indexOf(note as (typeof ATTEMPT_NOTES)[number]) + 1

const pending = (name: string) => and(eq(images.name, name), isNull(images.variantsAt))

/** Written before attempt `n` (1 or 2) starts. */
export function markAttempt(db: Db, name: string, n: 1 | 2) {
  db.update(images).set({ note: ATTEMPT_NOTES[n - 1] }).where(pending(name)).run()
}

/** A sweep told to stop (SIGTERM) gives back the attempt it began: a restart is not the image's fault. */
export function releaseAttempt(db: Db, name: string) {
  const row = db.select({ note: images.note }).from(images).where(pending(name)).get()
  const begun = row ? attemptsBegun(row.note) : 0
  if (begun) db.update(images).set({ note: begun === 2 ? ATTEMPT_NOTES[0] : null }).where(pending(name)).run()
}
