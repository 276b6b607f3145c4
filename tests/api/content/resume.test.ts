import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DAY, HOUR, manualClock } from '#src/lib/clock'
import { startTestServer, type TestServer } from '#tests/support/server/server'

/** A tiny but real PDF; `marker` makes the bytes of two fixtures differ. */
function pdfBytes(marker: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${marker}\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n` +
      'trailer <</Root 1 0 R>>\n%%EOF\n',
  )
}

const fixtureDir = mkdtempSync(join(tmpdir(), 'folio-resume-'))
const RESUME = pdfBytes('configured resume')
const resumeFile = join(fixtureDir, 'resume.pdf')
writeFileSync(resumeFile, RESUME)

afterAll(() => rmSync(fixtureDir, { recursive: true, force: true }))

const tokenOf = (url: string) => url.slice('/resume/'.length)
const bytesOf = async (s: TestServer, token: string) => {
  const res = await fetch(`${s.url}/api/resume/${token}`, { method: 'POST' })
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) }
}

async function signUrl(s: TestServer): Promise<{ url: string; expiresAt: string; token: string }> {
  const res = await s.request('POST', '/api/admin/resume/sign-url', { cookie: await s.login() })
  expect(res.status).toBe(201)
  return { ...res.body, token: tokenOf(res.body.url) }
}

describe('resume links', () => {
  const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'))
  let s: TestServer

  beforeAll(async () => {
    s = await startTestServer({ clock, env: { RESUME_FILE: resumeFile } })
  })
  afterAll(() => s.close())

  test('signs a relative one-time URL valid for 24 hours', async () => {
    const res = await s.request('POST', '/api/admin/resume/sign-url', { cookie: await s.login() })
    expect(res.status).toBe(201)
    expect(res.body.url).toMatch(/^\/resume\/[A-Za-z0-9_-]{43}$/)
    expect(res.body.expiresAt).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString())
  })

  test('signs a different token every time', async () => {
    const [a, b] = [await signUrl(s), await signUrl(s)]
    expect(a.token).not.toBe(b.token)
  })

  test.each([
    ['POST', '/api/admin/resume/sign-url'],
    ['GET', '/api/admin/resume/links'],
  ])('refuses %s %s without a session', async (method, path) => {
    const res = await s.request(method, path)
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ ok: false, error: expect.any(String) })
  })

  test('reports a link without consuming it, however often it is opened', async () => {
    const link = await signUrl(s)
    for (let i = 0; i < 3; i++) {
      const res = await s.get(`/api/resume/${link.token}`)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ status: 'valid', expiresAt: link.expiresAt })
      expect(res.headers.get('referrer-policy')).toBe('no-referrer')
      expect(res.headers.get('cache-control')).toBe('no-store')
    }
    expect((await bytesOf(s, link.token)).status).toBe(200)
  })

  test("the landing page says the link's state as the server renders it, and opening it uses nothing up", async () => {
    const pageText = async (token: string) => {
      const res = await fetch(`${s.url}/resume/${token}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('cache-control')).toBe('no-store')
      const html = await res.text()
      return { status: /class="resume-status" data-status="(\w+)"/.exec(html)?.[1], form: /<form (?=[^>]*method="post")[^>]*action="\/api\/resume\/([\w-]+)"/.exec(html)?.[1] === token, islands: html.includes('data-island=') }
    }
    const link = await signUrl(s)
    for (let i = 0; i < 3; i++) expect(await pageText(link.token)).toEqual({ status: 'valid', form: true, islands: false })
    expect((await bytesOf(s, link.token)).status).toBe(200)
    expect(await pageText(link.token)).toEqual({ status: 'viewed', form: false, islands: false })
    const later = await signUrl(s)
    clock.advance(24 * HOUR)
    expect(await pageText(later.token)).toEqual({ status: 'expired', form: false, islands: false })
    expect(await pageText('A'.repeat(43))).toEqual({ status: 'unknown', form: false, islands: false })
  })

  test('hands out the resume once as a PDF attachment, then answers 410', async () => {
    const link = await signUrl(s)
    const first = await bytesOf(s, link.token)
    expect(first.status).toBe(200)
    expect(first.bytes.equals(RESUME)).toBe(true)
    expect(first.headers.get('content-type')).toBe('application/pdf')
    expect(first.headers.get('content-disposition')).toBe('attachment; filename="resume.pdf"')
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(first.headers.get('referrer-policy')).toBe('no-referrer')

    const again = await s.request('POST', `/api/resume/${link.token}`)
    expect(again.status).toBe(410)
    expect(again.body).toEqual({ ok: false, error: 'This link has already been used.' })
    expect((await s.get(`/api/resume/${link.token}`)).body.status).toBe('viewed')
  })

  test('gives the file to exactly one of 20 concurrent requests', async () => {
    const link = await signUrl(s)
    const replies = await Promise.all(Array.from({ length: 20 }, () => bytesOf(s, link.token)))
    const statuses = replies.map((r) => r.status).sort()
    expect(statuses).toEqual([200, ...Array<number>(19).fill(410)])
    expect(replies.find((r) => r.status === 200)!.bytes.equals(RESUME)).toBe(true)
  })

  test('expires a link 24 hours after it was signed, not a millisecond before', async () => {
    const early = await signUrl(s)
    const late = await signUrl(s)
    clock.advance(24 * HOUR - 1)
    expect((await bytesOf(s, early.token)).status).toBe(200)
    expect((await s.get(`/api/resume/${late.token}`)).body.status).toBe('valid')

    clock.advance(1)
    expect((await s.get(`/api/resume/${late.token}`)).body).toEqual({ status: 'expired', expiresAt: late.expiresAt })
    const res = await s.request('POST', `/api/resume/${late.token}`)
    expect(res.status).toBe(410)
    expect(res.body).toEqual({ ok: false, error: 'This link has expired.' })
  })

  test.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a malformed token', 'not-a-token'],
    ['a token with a character too many', 'A'.repeat(44)],
  ])('answers 404 for %s', async (_name, token) => {
    expect((await s.get(`/api/resume/${token}`)).status).toBe(404)
    const res = await s.request('POST', `/api/resume/${token}`)
    expect(res.status).toBe(404)
    expect(res.body.ok).toBe(false)
  })

  test('serves an uploaded resume in preference to RESUME_FILE', async () => {
    const uploaded = pdfBytes('uploaded resume')
    const uploads = join(s.dataDir, 'uploads')
    mkdirSync(uploads, { recursive: true })
    writeFileSync(join(uploads, 'resume.pdf'), uploaded)
    try {
      const res = await bytesOf(s, (await signUrl(s)).token)
      expect(res.status).toBe(200)
      expect(res.bytes.equals(uploaded)).toBe(true)
    } finally {
      rmSync(uploads, { recursive: true, force: true })
    }
  })
})

describe('resume links without a resume file', () => {
  let s: TestServer

  beforeAll(async () => {
    s = await startTestServer({ env: { RESUME_FILE: join(tmpdir(), 'folio-no-such-resume.pdf') } })
  })
  afterAll(() => s.close())

  test('refuses to sign a link with 409 while there is no file to hand out', async () => {
    const res = await s.request('POST', '/api/admin/resume/sign-url', { cookie: await s.login() })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ ok: false, error: 'Upload a resume PDF first: links need a file to download.' })
    expect((await s.get('/api/admin/resume/links', { cookie: await s.login() })).body.items).toEqual([])
  })

  test('answers 503 when the file went away after signing and keeps the link usable until it is back', async () => {
    const upload = join(s.dataDir, 'uploads', 'resume.pdf')
    mkdirSync(join(s.dataDir, 'uploads'), { recursive: true })
    writeFileSync(upload, pdfBytes('first upload'))
    const link = await signUrl(s)
    rmSync(upload)
    const res = await s.request('POST', `/api/resume/${link.token}`)
    expect(res.status).toBe(503)
    expect(res.body).toEqual({ ok: false, error: 'No resume is available right now.' })
    expect((await s.get(`/api/resume/${link.token}`)).body.status).toBe('valid')

    const uploaded = pdfBytes('late upload')
    writeFileSync(upload, uploaded)
    const served = await bytesOf(s, link.token)
    expect(served.status).toBe(200)
    expect(served.bytes.equals(uploaded)).toBe(true)
  })
})

describe('resume link history', () => {
  const clock = manualClock(new Date('2026-06-01T12:00:00.000Z'))
  let s: TestServer

  beforeAll(async () => {
    s = await startTestServer({ clock, env: { RESUME_FILE: resumeFile } })
  })
  afterAll(() => s.close())

  test('lists the links of the last 7 days newest first, each with its status', async () => {
    const tooOld = await signUrl(s)
    clock.advance(1)
    const expired = await signUrl(s)
    const end = clock.now().getTime() + 7 * DAY
    clock.set(new Date(end - 2 * HOUR))
    const viewed = await signUrl(s)
    expect((await bytesOf(s, viewed.token)).status).toBe(200)
    const viewedAt = clock.now().toISOString()
    clock.set(new Date(end - HOUR))
    const valid = await signUrl(s)
    clock.set(new Date(end))

    const res = await s.get('/api/admin/resume/links', { cookie: await s.login() })
    expect(res.status).toBe(200)
    expect(res.body.items.map((l: { token: string }) => l.token)).toEqual([valid.token, viewed.token, expired.token])
    expect(res.body.items.map((l: { token: string }) => l.token)).not.toContain(tooOld.token)
    expect(res.body.items[0]).toEqual({
      token: valid.token,
      createdAt: new Date(end - HOUR).toISOString(),
      expiresAt: valid.expiresAt,
      status: 'valid',
      used: false,
      usedAt: null,
      relativeUrl: `/resume/${valid.token}`,
    })
    expect(res.body.items[1]).toMatchObject({ status: 'viewed', used: true, usedAt: viewedAt })
    expect(res.body.items[2]).toMatchObject({ status: 'expired', used: false, usedAt: null, createdAt: new Date(end - 7 * DAY).toISOString() })
  })

  test('orders links signed in the same millisecond newest first', async () => {
    const [a, b, c] = [await signUrl(s), await signUrl(s), await signUrl(s)]
    const res = await s.get('/api/admin/resume/links', { cookie: await s.login() })
    expect(res.body.items.slice(0, 3).map((l: { token: string }) => l.token)).toEqual([c.token, b.token, a.token])
  })
})
