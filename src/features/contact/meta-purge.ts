// Contact room: stored IPs and user agents are kept MESSAGE_META_DAYS, then emptied (the message
// stays); checked at start-up and then once a day.
import { and, lt, ne, or } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { contactMessages } from '#db/schema'
import type { AppDeps } from '#src/app-deps'
import type { Config } from '#src/config'
import { DAY } from '#src/lib/clock'

/** Empties the IP and user agent of every message created before `cutoff`; returns how many changed. */
export function purgeMessageMeta(db: Db, cutoff: Date): number {
  return db
    .update(contactMessages)
    .set({ ip: '', ua: '' })
    .where(and(lt(contactMessages.createdAt, cutoff.toISOString()), or(ne(contactMessages.ip, ''), ne(contactMessages.ua, ''))))
    .returning({ id: contactMessages.id })
    .all().length
}

export type MetaPurge = { stop(): void }

/** Purges now, then every `intervalMs` (tests shorten it); the timer never keeps the process alive. */
export function startMessageMetaPurge(
  { conn, config, clock, log }: Pick<AppDeps, 'conn' | 'clock' | 'log'> & { config: Pick<Config, 'messageMetaDays'> },
  intervalMs = DAY,
): MetaPurge {
  const days = config.messageMetaDays
  if (days <= 0) return { stop() {} }
  const run = () => {
    try {
      const purged = purgeMessageMeta(conn.db, new Date(clock.now().getTime() - days * DAY))
      if (purged) log.info('message IPs and user agents purged', { messages: purged, olderThanDays: days })
    } catch (error) {
      log.error('purging message IPs and user agents failed', { error: (error as Error).message })
    }
  }
  run()
  const timer = setInterval(run, intervalMs)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
