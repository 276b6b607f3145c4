import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer()
  cookie = await s.login()
})
afterAll(() => s.close())

// A 1×1 transparent PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
const PDF = new TextEncoder().encode('%PDF-1.4\n% test resume\n%%EOF\n')
const send = (method: string, path: string, bytes: BodyInit, type: string, withCookie = true) =>
  s.request(method, path, { raw: bytes, headers: { 'content-type': type }, cookie: withCookie ? cookie : null })

describe('image uploads', () => {
  test('stores an image once by content and serves it immutable', async () => {
    const res = await send('POST', '/api/admin/uploads', PNG, 'image/png')
    expect(res.status).toBe(201)
    expect(res.body.url).toMatch(/^\/uploads\/images\/[a-f0-9]{32}\.png$/)
    expect((await send('POST', '/api/admin/uploads', PNG, 'image/png')).body.url).toBe(res.body.url)
    const img = await fetch(s.url + res.body.url)
    expect(img.status).toBe(200)
    expect(img.headers.get('content-type')).toBe('image/png')
    expect(img.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG)
  })

  test.each([
    ['bytes that are not an image', new TextEncoder().encode('<svg onload=alert(1)>'), 'image/png', 400],
    ['a PNG sent as JPEG', PNG, 'image/jpeg', 400],
    ['an SVG (scriptable)', new TextEncoder().encode('<svg/>'), 'image/svg+xml', 415],
    ['a PDF', PDF, 'application/pdf', 415],
  ])('refuses %s', async (_name, bytes, type, status) => {
    const res = await send('POST', '/api/admin/uploads', bytes, type)
    expect(res.status).toBe(status)
    expect(res.body.ok).toBe(false)
  })

  test('refuses an image over 10 MB with 413, and anyone signed out with 401', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(PNG)
    expect((await send('POST', '/api/admin/uploads', big, 'image/png')).status).toBe(413)
    expect((await send('POST', '/api/admin/uploads', PNG, 'image/png', false)).status).toBe(401)
  })

  test('only content-addressed names are served', async () => {
    expect((await fetch(`${s.url}/uploads/images/..%2F..%2Ffolio.db`)).status).toBe(404)
    expect((await fetch(`${s.url}/uploads/images/${'a'.repeat(32)}.png`)).status).toBe(404)
  })
})

describe('the resume file', () => {
  test('an uploaded PDF is reported, served by a one-time link, and can be removed', async () => {
    expect((await s.get('/api/admin/resume/file', { cookie })).body).toEqual({ present: false, source: null })
    const up = await send('POST', '/api/admin/resume/file', PDF, 'application/pdf')
    expect(up.status).toBe(200)
    expect(up.body).toMatchObject({ present: true, source: 'upload', size: PDF.byteLength })
    const link = await s.request('POST', '/api/admin/resume/sign-url', { cookie })
    const download = await fetch(`${s.url}/api${link.body.url}`, { method: 'POST' })
    expect(download.status).toBe(200)
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PDF)
    const removed = await s.request('DELETE', '/api/admin/resume/file', { cookie })
    expect(removed.body).toEqual({ present: false, source: null })
  })

  test('refuses a PDF over 10 MB with 413 and keeps the previous file', async () => {
    await send('POST', '/api/admin/resume/file', PDF, 'application/pdf')
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(PDF)
    expect((await send('POST', '/api/admin/resume/file', big, 'application/pdf')).status).toBe(413)
    expect((await s.get('/api/admin/resume/file', { cookie })).body).toMatchObject({ present: true, size: PDF.byteLength })
    await s.request('DELETE', '/api/admin/resume/file', { cookie })
  })

  test('refuses what is not a PDF', async () => {
    expect((await send('POST', '/api/admin/resume/file', PNG, 'application/pdf')).status).toBe(400)
    expect((await send('POST', '/api/admin/resume/file', PNG, 'image/png')).status).toBe(415)
  })
})

describe('markdown preview', () => {
  test('renders markdown as a save would: highlighted and sanitised', async () => {
    const res = await s.request('POST', '/api/admin/preview', { cookie, body: { markdown: '## Hi\n\n```ts\nconst x = 1\n```\n\n<script>alert(1)</script>' } })
    expect(res.status).toBe(200)
    expect(res.body.html).toContain('<h2 id="hi">')
    expect(res.body.html).toContain('class="shiki')
    expect(res.body.html).not.toContain('<script>')
    expect((await s.request('POST', '/api/admin/preview', { cookie, body: { markdown: 5 } })).status).toBe(400)
  })

  test('the preview is exactly the HTML a save stores', async () => {
    const markdown = '## Setup\n\nSome *text* and [a link](https://example.com).\n\n```vhdl\nsignal a : std_logic;\n```\n'
    const preview = await s.request('POST', '/api/admin/preview', { cookie, body: { markdown } })
    const saved = await s.request('POST', '/api/admin/posts', { cookie, body: { title: 'Preview equality', summary: 'Checks the preview.', bodyMD: markdown } })
    expect(saved.status).toBe(201)
    expect(preview.body.html).toBe(saved.body.bodyHtml)
  })
})
