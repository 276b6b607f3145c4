// The admin's sessions under security (issue 23): each sign-in listed with its browser, the
// current one marked, and signing out every other one.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { manualClock } from '#src/lib/clock'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const EDGE_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

type Session = { id: string; current: boolean; method: string; createdAt: string; lastSeenAt: string | null; browser: string }

async function loginAs(s: TestServer, userAgent: string): Promise<string> {
  const res = await s.request('POST', '/api/admin/login', { body: ADMIN, headers: { 'user-agent': userAgent } })
  expect(res.status).toBe(200)
  return res.headers.getSetCookie().find((c) => c.startsWith('folio_session='))!.split(';')[0]!
}
const sessionsSeenBy = async (s: TestServer, cookie: string): Promise<Session[]> => (await s.get('/api/admin/security', { cookie })).body.sessions

describe('the sessions list', () => {
  const clock = manualClock()
  let s: TestServer
  let firefox: string
  let chrome: string
  beforeAll(async () => {
    s = await startTestServer({ clock })
    firefox = await loginAs(s, FIREFOX_LINUX)
    clock.advance(60_000)
    chrome = await loginAs(s, CHROME_MAC)
  })
  afterAll(() => s.close())

  test('lists each sign-in with its browser, newest first, and marks only the asking one current', async () => {
    const seenByFirefox = await sessionsSeenBy(s, firefox)
    expect(seenByFirefox.map(({ browser, current, method }) => ({ browser, current, method }))).toEqual([
      { browser: 'Chrome 131 on macOS', current: false, method: 'password' },
      { browser: 'Firefox 133 on Linux', current: true, method: 'password' },
    ])
    expect(seenByFirefox[1]!.createdAt).toBe(new Date(clock.now().getTime() - 60_000).toISOString())
    for (const session of seenByFirefox) expect(session.id).toMatch(/^[0-9a-f]{16}$/)

    const seenByChrome = await sessionsSeenBy(s, chrome)
    expect(seenByChrome.filter((x) => x.current).map((x) => x.browser)).toEqual(['Chrome 131 on macOS'])
    expect(seenByChrome.map((x) => x.id)).toEqual(seenByFirefox.map((x) => x.id))
  })

  test('a cross-site request to sign out the others is 403 and ends nothing', async () => {
    const res = await s.request('DELETE', '/api/admin/sessions/others', { cookie: firefox, headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect((await s.get('/api/admin/me', { cookie: chrome })).status).toBe(200)
    expect((await s.request('DELETE', '/api/admin/sessions/others')).status).toBe(401)
  })

  test('signing out the others ends them and keeps the current one', async () => {
    const res = await s.request('DELETE', '/api/admin/sessions/others', { cookie: firefox })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ended: 1 })
    expect((await s.get('/api/admin/me', { cookie: chrome })).status).toBe(401)
    expect((await s.get('/api/admin/me', { cookie: firefox })).status).toBe(200)
    expect((await sessionsSeenBy(s, firefox)).map(({ browser, current }) => ({ browser, current }))).toEqual([{ browser: 'Firefox 133 on Linux', current: true }])
  })
})

test('names other browsers and systems the same way', async () => {
  const s = await startTestServer()
  try {
    for (const [userAgent, browser] of [[EDGE_WINDOWS, 'Edge 131 on Windows'], [SAFARI_IPHONE, 'Safari 18 on iOS']] as const) {
      const cookie = await loginAs(s, userAgent)
      expect((await sessionsSeenBy(s, cookie)).find((x) => x.current)!.browser).toBe(browser)
    }
  } finally {
    await s.close()
  }
})
