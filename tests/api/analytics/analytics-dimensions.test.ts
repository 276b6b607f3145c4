// What a visit records: where it came from, on what, where it entered; and the goals reached
// without any script (link pings, the video, the live app, the demo, resume links, messages).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { browser, pageLoad, USER_AGENTS } from '#tests/support/data/visitors'

const clock = manualClock(new Date('2026-06-01T09:00:00.000Z'))
let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ clock, env: { TRUST_PROXY: '1', SEED: 'demo' }, config: { contactGuards: { minFillMs: 0 } } })
  cookie = await s.login()
})
afterAll(() => s.close())

const load = (path: string, headers: Record<string, string>) => s.request('GET', path, { headers: { ...pageLoad(), ...headers } })
async function summary(query = '') {
  const res = await s.get(`/api/admin/analytics/summary?days=1${query}`, { cookie })
  expect(res.status).toBe(200)
  return res.body
}
type Row = { value: string; views: number; visitors: number }
const row = (rows: Row[], value: string) => rows.find((r) => r.value === value)

describe('dimensions', () => {
  test('referrer host: www and port dropped, own site and spam referrers are no source, the visit keeps its first', async () => {
    const a = browser()
    await load('/', { ...a, referer: 'https://www.news.ycombinator.com:443/item?id=1' })
    clock.advance(20_000)
    // Later views of the visit come from the site itself; the visit stays attributed to its start.
    await load('/blog', { ...a, referer: `${s.url}/` })
    await load('/', { ...browser(), referer: `${s.url}/projects` })
    await load('/', { ...browser(), referer: 'https://semalt.com/' })
    await load('/', { ...browser(), referer: 'https://www.google.com/' })
    const body = await summary()
    expect(row(body.panels.referrer, 'news.ycombinator.com')).toEqual({ value: 'news.ycombinator.com', views: 2, visitors: 1 })
    expect(row(body.panels.referrer, 'google.com')).toEqual({ value: 'google.com', views: 1, visitors: 1 })
    expect(row(body.panels.referrer, '')).toEqual({ value: '', views: 2, visitors: 2 })
    expect(body.panels.referrer.some((r: Row) => r.value.includes('semalt') || r.value.includes('localhost') || r.value.includes('127.0.0.1'))).toBe(false)
  })

  test('a beacon’s referrer counts for a static page’s first view', async () => {
    await s.request('POST', '/api/analytics/pv', { body: { path: '/skills', referrer: 'https://lobste.rs/s/abc' }, headers: browser() })
    expect(row((await summary()).panels.referrer, 'lobste.rs')).toEqual({ value: 'lobste.rs', views: 1, visitors: 1 })
  })

  test('UTM source, medium and campaign, and the page counted without them', async () => {
    await load('/projects?utm_source=Newsletter&utm_medium=email&utm_campaign=launch-2026&tag=gpu', browser())
    await load('/?ref=producthunt', browser())
    const body = await summary()
    expect(row(body.panels.utmSource, 'newsletter')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.utmMedium, 'email')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.utmCampaign, 'launch-2026')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.utmSource, 'producthunt')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.path, '/projects?tag=gpu')).toMatchObject({ views: 1 })
    expect(body.panels.path.some((r: Row) => r.value.includes('utm_') || r.value.includes('ref='))).toBe(false)
  })

  test('browser, system and device class, parsed from the user agent at ingest', async () => {
    await load('/', browser({ ua: USER_AGENTS.safariIphone }))
    await load('/', browser({ ua: USER_AGENTS.chromeAndroidTablet }))
    await load('/', browser({ ua: USER_AGENTS.firefoxLinux }))
    const body = await summary()
    expect(row(body.panels.browser, 'Safari')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.browser, 'Firefox')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.os, 'iOS')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.os, 'Android')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.os, 'Linux')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.device, 'mobile')).toMatchObject({ visitors: 1 })
    expect(row(body.panels.device, 'tablet')).toMatchObject({ visitors: 1 })
    const stored = s.conn.sqlite.query('SELECT DISTINCT browser, os, device FROM analytics_hits').all() as Record<string, string>[]
    for (const r of stored) for (const v of Object.values(r)) expect(v.length).toBeLessThan(20)
  })

  test('entry pages: where each visit began', async () => {
    const v = browser()
    await load('/contact', v)
    clock.advance(20_000)
    await load('/blog', v)
    expect(row((await summary()).panels.entry, '/contact')).toEqual({ value: '/contact', views: 2, visitors: 1 })
  })

  test('a resume link’s token never reaches analytics', async () => {
    await load('/resume/secret-token-value', browser())
    const body = await summary()
    expect(JSON.stringify(body)).not.toContain('secret-token-value')
    expect(row(body.panels.path, '/resume/…')).toBeDefined()
  })
})

describe('goals', () => {
  const goal = async (name: string) => row((await summary()).panels.goal, name)

  test('outbound links, the live app and the video by the links’ own ping (no script)', async () => {
    const v = browser()
    await load('/projects', v)
    const ping = (goalName: string, to: string) =>
      s.request('POST', `/api/analytics/ping?goal=${goalName}`, { raw: 'PING', headers: { ...v, 'content-type': 'text/ping', 'ping-from': `${s.url}/projects`, 'ping-to': to } })
    expect((await ping('outbound', 'https://github.com/rowancastillo')).status).toBe(204)
    await ping('outbound', 'https://www.linkedin.com/in/rowancastillo')
    await ping('outbound', 'https://github.com/other')
    await ping('live-app', `${s.url}/demo/dapp`)
    await ping('video', 'https://www.youtube.com/watch?v=x')
    expect(await goal('Outbound link clicked: github.com')).toEqual({ value: 'Outbound link clicked: github.com', views: 2, visitors: 1 })
    expect(await goal('Outbound link clicked: linkedin.com')).toMatchObject({ views: 1 })
    expect(await goal('Live app opened')).toMatchObject({ views: 1 })
    expect(await goal('Video played')).toMatchObject({ views: 1 })
    expect((await s.request('POST', '/api/analytics/ping?goal=steal', { raw: 'PING', headers: { ...v, 'content-type': 'text/ping' } })).status).toBe(400)
  })

  test('the served video played from its start (not each later range), the demo opened', async () => {
    const v = browser()
    const before = (await goal('Video played'))?.views ?? 0
    await s.request('GET', '/media/fpga-scope.mp4', { headers: { ...v, range: 'bytes=0-' } })
    await s.request('GET', '/media/fpga-scope.mp4', { headers: { ...v, range: 'bytes=65536-' } })
    expect((await goal('Video played'))?.views).toBe(before + 1)
    await load('/demo/dapp', v)
    expect(await goal('Demo opened')).toMatchObject({ views: 1, visitors: 1 })
  })

  test('a resume link made (by the owner) and used (by a visitor)', async () => {
    // A link is signed only with a file to hand out.
    mkdirSync(join(s.dataDir, 'uploads'), { recursive: true })
    writeFileSync(join(s.dataDir, 'uploads', 'resume.pdf'), '%PDF-1.4\n%%EOF\n')
    const made = await s.request('POST', '/api/admin/resume/sign-url', { cookie, headers: { origin: s.url } })
    expect(made.status).toBe(201)
    expect(await goal('Resume link created')).toMatchObject({ views: 1 })
    const token = made.body.url.split('/').pop()
    // The file gone meanwhile: 503, the link is not burned, and no goal is reached.
    rmSync(join(s.dataDir, 'uploads', 'resume.pdf'))
    expect((await s.request('POST', `/api/resume/${token}`, { headers: browser() })).status).toBe(503)
    expect(await goal('Resume link used')).toBeUndefined()
    writeFileSync(join(s.dataDir, 'uploads', 'resume.pdf'), '%PDF-1.4\n%%EOF\n')
    expect((await s.request('POST', `/api/resume/${token}`, { headers: browser() })).status).toBe(200)
    expect(await goal('Resume link used')).toMatchObject({ views: 1, visitors: 1 })
  })

  test('a contact message sent records how its visit began, shown with the message', async () => {
    const v = browser()
    await load('/blog?utm_source=mastodon&utm_campaign=autumn', { ...v, referer: 'https://fosstodon.org/@me' })
    clock.advance(30_000)
    await load('/contact', v)
    const marker = `visit-${Date.now()}`
    const sent = await s.request('POST', '/api/contact', { body: { name: 'Ada Lovelace', email: 'ada@example.com', reason: 'general', message: `Hello there, ${marker}` }, headers: v })
    expect(sent.status).toBe(200)
    expect(await goal('Contact message sent')).toMatchObject({ views: 1, visitors: 1 })
    const list = await s.get(`/api/admin/messages?search=${marker}`, { cookie })
    expect(list.body.items[0].visit).toEqual({ entry: '/blog', referrer: 'fosstodon.org', campaign: 'autumn' })
    // The goal sits on the page it was reached from, and follows the visit's filters.
    const filtered = await summary('&referrer=fosstodon.org')
    expect(row(filtered.panels.goal, 'Contact message sent')).toMatchObject({ views: 1 })
    expect((await summary('&referrer=google.com')).panels.goal.some((r: Row) => r.value === 'Contact message sent')).toBe(false)
  })
})
