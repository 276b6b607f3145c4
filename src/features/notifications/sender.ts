// Notifications room: the sender, one background worker per server. It sends the outbox's due rows
// one at a time, records each outcome, and sleeps until the next row is due or a stored message
// wakes it. At start-up it tries everything still pending (a crash or a stop left it there).
import type { AppDeps } from '#src/app-deps'
import { NotifiedMessage, SecurityNotice } from '#src/contract/owner/notifications'
import { HOUR } from '#src/lib/clock'
import { nextAttemptAt, RETRY } from './backoff'
import { contactEmail, NO_RECIPIENT, recipientOf, securityEmail, smtpMailer, type Mailer } from './email'
import { duePendingNow, markFailed, markSent, nextDue, nextPendingAt, OUTBOX_KEEP_DAYS, purgeOutbox, type OutboxRow } from './outbox'
import { contactWebhook, postWebhook, securityWebhook } from './webhook'

export type Notifier = {
  /** A row was just written: send it now (never waits for the sending). */
  wake(): void
  /** Stops sending; a send under way gets up to `graceMs` to finish and be recorded. */
  stop(graceMs?: number): Promise<void>
}

/** A sleeping sender looks at the outbox at least this often (clocks may jump; rows may come from elsewhere). */
const MAX_SLEEP_MS = 5 * 60_000

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim() || 'unknown error'

export function startNotifier({ conn, config, clock, log }: Pick<AppDeps, 'conn' | 'config' | 'clock' | 'log'>): Notifier {
  const policy = config.notifyRetry ?? RETRY
  const mailer: Mailer | null = config.notify.smtpUrl ? smtpMailer(config.notify.smtpUrl) : null
  let stopped = false
  // Set when shutdown stopped waiting for a send: its outcome can no longer be recorded.
  let abandoned = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> | null = null
  let again = false

  async function deliver(row: OutboxRow): Promise<void> {
    const payload: unknown = JSON.parse(row.payload)
    // A security notice (decision 063) or, as every row before it, a contact message.
    const notice = SecurityNotice.safeParse(payload)
    if (row.channel === 'email') {
      if (!mailer) throw new Error('SMTP_URL is not set')
      const to = recipientOf(conn.db, config.notify)
      if (!to) throw new Error(NO_RECIPIENT)
      await mailer.send(notice.success ? securityEmail(notice.data, to, config.notify, config.origin) : contactEmail(NotifiedMessage.parse(payload), to, config.notify, config.origin))
    } else {
      if (!config.notify.webhookUrl) throw new Error('NOTIFY_WEBHOOK_URL is not set')
      await postWebhook(config.notify.webhookUrl, notice.success ? securityWebhook(notice.data) : contactWebhook(NotifiedMessage.parse(payload)), row.messageId)
    }
  }

  async function attempt(row: OutboxRow): Promise<void> {
    const fields = { channel: row.channel, message: row.messageId, attempts: row.attempts + 1 }
    let failure: string | null = null
    try {
      await deliver(row)
    } catch (error) {
      failure = errorText(error)
    }
    if (abandoned) {
      log.warn('notification finished after shutdown; it is tried again at the next start', { ...fields, error: failure ?? undefined })
      return
    }
    if (failure === null) {
      markSent(conn.db, row, clock.now())
      log.info('notification sent', fields)
      return
    }
    const next = nextAttemptAt(row.attempts + 1, new Date(row.createdAt), clock.now(), policy)
    markFailed(conn.db, row, failure, next)
    if (next) log.warn('notification failed; trying again later', { ...fields, error: failure, nextAt: next.toISOString() })
    else log.error('notification given up', { ...fields, error: failure })
  }

  async function drain(): Promise<void> {
    for (let row = nextDue(conn.db, clock.now()); row && !stopped; row = nextDue(conn.db, clock.now())) await attempt(row)
  }

  function arm() {
    if (stopped) return
    const next = nextPendingAt(conn.db)
    if (!next) return
    timer = setTimeout(wake, Math.min(MAX_SLEEP_MS, Math.max(0, next.getTime() - clock.now().getTime())))
    timer.unref?.()
  }

  function wake() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    if (timer) clearTimeout(timer)
    timer = null
    running = drain()
      .catch((error) => log.error('notification sender failed', { error: errorText(error) }))
      .finally(() => {
        running = null
        if (!again) return arm()
        again = false
        wake()
      })
  }

  const purge = () => {
    try {
      const purged = purgeOutbox(conn.db, new Date(clock.now().getTime() - OUTBOX_KEEP_DAYS * 24 * HOUR))
      if (purged) log.info('old notifications purged', { notifications: purged, olderThanDays: OUTBOX_KEEP_DAYS })
    } catch (error) {
      log.error('purging old notifications failed', { error: errorText(error) })
    }
  }
  purge()
  const purgeTimer = setInterval(purge, HOUR)
  purgeTimer.unref()
  const waiting = duePendingNow(conn.db, clock.now())
  if (waiting) log.info('sending notifications left from before', { notifications: waiting })
  wake()

  return {
    wake,
    async stop(graceMs = 8_000) {
      stopped = true
      clearInterval(purgeTimer)
      if (timer) clearTimeout(timer)
      if (running) {
        const finished = await Promise.race([running.then(() => true), Bun.sleep(graceMs).then(() => false)])
        if (!finished) abandoned = true
      }
      mailer?.close()
    },
  }
}
