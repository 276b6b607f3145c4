// The admin's live event stream lives no longer than the session that opened it.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { LIVE_CHECK_MS } from '#src/features/analytics/live-stream'
import { HOUR, manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const clock = manualClock()
let s: TestServer
beforeAll(async () => {
  s = await startTestServer({ clock })
})
afterAll(() => s.close())

/** Opens the stream and waits for its first event; `within(ms)` says whether the server ended it by then. */
async function openLive(cookie: string) {
  const controller = new AbortController()
  const res = await fetch(`${s.url}/api/admin/analytics/live`, { headers: { cookie }, signal: controller.signal })
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/event-stream'])
  const reader = res.body!.getReader()
  let text = ''
  const decoder = new TextDecoder()
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return 'closed'
        text += decoder.decode(value)
      }
    } catch {
      return 'aborted'
    }
  })()
  // The first event, so the stream is known to be running before the session changes.
  while (!text.includes('event: live')) await Bun.sleep(5)
  /** 'closed' when the server ended the stream within `ms`, 'open' when it did not. */
  const within = (ms: number) => Promise.race([ended, Bun.sleep(ms).then(() => 'open')])
  return { within, abort: () => controller.abort() }
}

test('logging out ends the stream that session opened within a tick, and no other', async () => {
  const [mine, other] = [await s.login(), await s.login()]
  const stream = await openLive(mine)
  const bystander = await openLive(other)
  expect(await stream.within(LIVE_CHECK_MS + 500)).toBe('open')
  expect((await s.request('POST', '/api/admin/logout', { cookie: mine })).status).toBe(200)
  expect(await stream.within(LIVE_CHECK_MS + 1_500)).toBe('closed')
  expect(await bystander.within(100)).toBe('open')
  bystander.abort()
})

test('a session that expires ends its stream within a tick', async () => {
  const stream = await openLive(await s.login())
  clock.advance(12 * HOUR - 60_000)
  expect(await stream.within(LIVE_CHECK_MS + 500)).toBe('open')
  clock.advance(2 * 60_000)
  expect(await stream.within(LIVE_CHECK_MS + 1_500)).toBe('closed')
})
