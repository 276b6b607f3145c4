// MESSAGE_META_DAYS over a real server and database: stored IPs and user agents older than that
// are emptied at start-up and then once a day (the clock is moved by hand); younger ones stay.
import { describe, expect, test } from 'bun:test'
import type { ContactMessage } from '#src/contract/contact'
import { startMessageMetaPurge } from '#src/features/contact/meta-purge'
import { DAY, manualClock } from '#src/lib/clock'
import { createLogger, silentLogger } from '#src/lib/logger'
import { contact, sendContact, storedWith } from '#tests/support/data/contact'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const UA = { 'user-agent': 'MetaTest/1.0' }

/** Sends a message now (on the server's clock); returns its marker. */
async function send(s: TestServer, ip: string) {
  const { marker, payload } = contact()
  expect((await sendContact(s, payload, { ...UA, 'x-forwarded-for': ip })).status).toBe(200)
  return marker
}
const metaOf = async (s: TestServer, cookie: string, marker: string): Promise<ContactMessage['meta']> => (await storedWith(s, cookie, marker))[0]!.meta

describe('MESSAGE_META_DAYS', () => {
  test('empties the IP and user agent of messages older than 90 days at start-up, keeping younger ones and every message', async () => {
    const clock = manualClock(new Date('2026-01-01T12:00:00Z'))
    const first = await startTestServer({ env: { TRUST_PROXY: '1' }, clock, keepData: true })
    const old = await send(first, '192.0.2.1')
    clock.advance(60 * DAY)
    const young = await send(first, '192.0.2.2')
    await first.close()

    // 91 days after the first message, 31 after the second: a restart purges the first only.
    clock.advance(31 * DAY)
    const lines: Record<string, unknown>[] = []
    const second = await startTestServer({ env: { TRUST_PROXY: '1' }, clock, dataDir: first.dataDir, log: createLogger('info', (l) => lines.push(JSON.parse(l))) })
    try {
      const cookie = await second.login()
      expect(await metaOf(second, cookie, old)).toEqual({ ip: '', ua: '' })
      expect(await metaOf(second, cookie, young)).toEqual({ ip: '192.0.2.2', ua: 'MetaTest/1.0' })
      expect((await storedWith(second, cookie, old))[0]!.message).toContain(old)
      expect(lines.filter((l) => l.msg === 'message IPs and user agents purged')).toEqual([expect.objectContaining({ messages: 1, olderThanDays: 90 })])
      expect(JSON.stringify(lines)).not.toContain('192.0.2.1')
    } finally {
      await second.close()
    }
  })

  test('purges again once a day while running, by the injected clock', async () => {
    const clock = manualClock()
    const s = await startTestServer({ env: { TRUST_PROXY: '1', MESSAGE_META_DAYS: '7' }, clock })
    try {
      const marker = await send(s, '192.0.2.3')
      // The server's own purge runs daily; a second one on the same database with a short
      // interval stands in for the days passing.
      const purge = startMessageMetaPurge({ conn: s.conn, config: { messageMetaDays: 7 }, clock, log: silentLogger }, 20)
      try {
        // (Sessions last 12 hours: sign in again after each jump.)
        clock.advance(6 * DAY)
        await Bun.sleep(60)
        expect(await metaOf(s, await s.login(), marker)).toEqual({ ip: '192.0.2.3', ua: 'MetaTest/1.0' })
        clock.advance(1 * DAY + 1000)
        await Bun.sleep(60)
        expect(await metaOf(s, await s.login(), marker)).toEqual({ ip: '', ua: '' })
      } finally {
        purge.stop()
      }
    } finally {
      await s.close()
    }
  })

  test('0 keeps IPs and user agents forever', async () => {
    const clock = manualClock(new Date('2020-01-01T00:00:00Z'))
    const first = await startTestServer({ env: { TRUST_PROXY: '1', MESSAGE_META_DAYS: '0' }, clock, keepData: true })
    const marker = await send(first, '192.0.2.4')
    await first.close()
    clock.advance(3000 * DAY)
    const second = await startTestServer({ env: { TRUST_PROXY: '1', MESSAGE_META_DAYS: '0' }, clock, dataDir: first.dataDir })
    try {
      expect(await metaOf(second, await second.login(), marker)).toEqual({ ip: '192.0.2.4', ua: 'MetaTest/1.0' })
    } finally {
      await second.close()
    }
  })
})
