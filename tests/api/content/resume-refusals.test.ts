// A visitor's browser never sees the JSON of a refused resume link; an API client still does.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { DAY, manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const PDF = '%PDF-1.4\n%%EOF\n'
const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' }
const FORM = { ...HTML, 'content-type': 'application/x-www-form-urlencoded' }
const JSON_CLIENT = { accept: 'application/json' }

type Scenario = { name: string; link: 'unknown' | 'used' | 'expired' | 'no file'; status: number; title: string; error: string }
const SCENARIOS: Scenario[] = [
  { name: 'an unknown token', link: 'unknown', status: 404, title: 'Link not found', error: 'This link does not exist.' },
  { name: 'a used link', link: 'used', status: 410, title: 'Link already used', error: 'This link has already been used.' },
  { name: 'an expired link', link: 'expired', status: 410, title: 'Link expired', error: 'This link has expired.' },
  { name: 'a link whose file was removed', link: 'no file', status: 503, title: 'Resume not available', error: 'No resume is available right now.' },
]

describe('resume link refusals', () => {
  const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'))
  let s: TestServer
  const upload = () => join(s.dataDir, 'uploads', 'resume.pdf')

  beforeAll(async () => {
    s = await startTestServer({ clock })
    mkdirSync(join(s.dataDir, 'uploads'), { recursive: true })
  })
  afterAll(() => s.close())

  /** A token in the state the scenario names; the file is there again afterwards unless 'no file'. */
  async function tokenFor(link: Scenario['link']): Promise<string> {
    if (link === 'unknown') return 'A'.repeat(43)
    writeFileSync(upload(), PDF)
    // A fresh session each time: an expired scenario moves the clock past the last one.
    const made = await s.request('POST', '/api/admin/resume/sign-url', { cookie: await s.login() })
    expect(made.status).toBe(201)
    const token = String(made.body.url).split('/').pop()!
    if (link === 'used') expect((await fetch(`${s.url}/api/resume/${token}`, { method: 'POST' })).status).toBe(200)
    if (link === 'expired') clock.advance(2 * DAY)
    if (link === 'no file') rmSync(upload())
    return token
  }

  test.each(SCENARIOS)('$name: a form post gets a page in the site frame, status kept', async ({ link, status, title, error }) => {
    const token = await tokenFor(link)
    const res = await fetch(`${s.url}/api/resume/${token}`, { method: 'POST', headers: FORM, body: '' })
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toStartWith('text/html')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    const html = await res.text()
    expect(html).toContain(`<h1>${title}</h1>`)
    expect(html).toContain(error)
    expect(html).toContain('class="site-header"')
    expect(html).not.toContain('"ok":false')
  })

  test.each(SCENARIOS)('$name: an API client keeps the JSON error', async ({ link, status, error }) => {
    const token = await tokenFor(link)
    const res = await s.request('POST', `/api/resume/${token}`, { headers: JSON_CLIENT })
    expect(res.status).toBe(status)
    expect(res.body).toEqual({ ok: false, error })
  })

  test('a browser opening the API address of a dead link gets its page; an API client its state', async () => {
    const used = await tokenFor('used')
    const page = await fetch(`${s.url}/api/resume/${used}`, { headers: HTML })
    expect(page.status).toBe(410)
    expect(await page.text()).toContain('<h1>Link already used</h1>')
    expect((await s.get(`/api/resume/${used}`, { headers: JSON_CLIENT })).body.status).toBe('viewed')
    const unknown = await fetch(`${s.url}/api/resume/${'B'.repeat(43)}`, { headers: HTML })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('content-type')).toStartWith('text/html')
  })

  test('a browser opening the API address of a live link is sent to its landing page, nothing used', async () => {
    const token = await tokenFor('no file')
    writeFileSync(upload(), PDF)
    const res = await fetch(`${s.url}/api/resume/${token}`, { headers: HTML, redirect: 'manual' })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/resume/${token}`)
    expect((await s.get(`/api/resume/${token}`)).body.status).toBe('valid')
  })
})
