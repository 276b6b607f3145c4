// Sign-in methods room: telling the owner (decision 063). Each change to a sign-in method is a warn
// line and a notice through the notifications outbox, written in the change's own transaction; so
// is the right password arriving with a wrong code, at most once per quarter of an hour.
import type { AppDeps } from '#src/app-deps'
import type { Db } from '#db/connection'
import type { SecurityNotice } from '#src/contract/owner/notifications'
import { absoluteUrl } from '#src/contract/site-origin'
import { channelsOf, enqueueNotifications } from '#src/features/notifications'

/** Wrong codes after the right password are announced once in this long, however many come. */
export const WRONG_CODE_NOTICE_MS = 15 * 60 * 1000

const minute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`

export function securityNotices({ conn, config, clock, log, notifier }: Pick<AppDeps, 'conn' | 'config' | 'clock' | 'log' | 'notifier'>) {
  const channels = channelsOf(config.notify)
  const host = new URL(config.origin.origin).hostname
  const security = absoluteUrl(config.origin, '/admin/security')
  let lastWrongCode = -Infinity

  const notice = (subject: string, lines: string[]): SecurityNotice => ({ kind: 'security', id: crypto.randomUUID(), subject, text: lines.join('\n'), createdAt: clock.now().toISOString() })

  return {
    /**
     * Makes a change and its notice in one transaction, then logs it at warn and wakes the sender.
     * `what` says it in a sentence (“A passkey “Phone” was added.”), from the change's result.
     */
    change<T>(make: (tx: Db) => T, what: (result: T) => string, browser: string): T {
      let sentence = ''
      const result = conn.db.transaction((tx) => {
        const r = make(tx)
        sentence = what(r)
        const text = [sentence, '', `When: ${minute(clock.now())}`, `Browser: ${browser}`, '', `If this was not you, someone is signed in as you: sign out every other browser, change your password and check your sign-in methods at ${security}`]
        enqueueNotifications(tx, notice(`Sign-in methods changed on ${host}`, text), channels, clock.now())
        return r
      }, { behavior: 'immediate' })
      log.warn('sign-in methods changed', { change: sentence, browser })
      notifier?.wake()
      return result
    },

    /** The right password with a wrong code: someone may have the password. Logged each time, told once per window. */
    wrongCode(source: string): void {
      log.warn('sign-in with the right password and a wrong code', { source })
      const now = clock.now()
      if (now.getTime() - lastWrongCode < WRONG_CODE_NOTICE_MS) return
      lastWrongCode = now.getTime()
      const text = [
        `Someone signed in to ${host} with your password but a wrong authenticator code (${minute(now)}, from ${source}).`,
        'Further wrong codes in the next 15 minutes are logged but not announced again; after 10 in 15 minutes codes are refused for a while.',
        '',
        `If this was not you, your password is known: change it and check your sign-in methods at ${security}`,
      ]
      conn.db.transaction((tx) => enqueueNotifications(tx, notice(`Right password, wrong code on ${host}`, text), channels, now), { behavior: 'immediate' })
      notifier?.wake()
    },
  }
}

export type SecurityNotices = ReturnType<typeof securityNotices>
