// The security headers of every response class, and the HTTP Observatory's rubric checked item by
// item (its npm package needs data downloads that are not available here).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { HSTS } from '#src/plugins/security-headers'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'

/** The directives of a CSP header: name to its sources. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp).toBeTruthy()
  return new Map(csp!.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]))
}

/** Every inline script of a page that the browser would run (JSON data blocks excepted). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)].filter(([, attrs = '']) => !/\bsrc=/.test(attrs) && !/type="application\/(ld\+)?json"/.test(attrs)).map((m) => m[2]!)
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** What every answer must carry, whatever it is. */
function expectStrictHeaders(res: Response, what: string) {
  const csp = directives(res.headers.get('content-security-policy'))
  const script = csp.get('script-src') ?? csp.get('default-src')!
  expect({ what, unsafe: script.filter((s) => s.includes('unsafe')) }).toEqual({ what, unsafe: [] })
  expect(csp.get('default-src')).toEqual(["'self'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'none'"])
  expect(csp.get('form-action')).toEqual(["'self'"])
  expect(csp.get('frame-ancestors')).toBeDefined()
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('referrer-policy')).toBeTruthy()
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
  expect(res.headers.get('access-control-allow-origin')).toBeNull()
}

describe('on plain http (the default)', () => {
  let s: TestServer
  let cookie: string
  beforeAll(async () => {
    s = await startTestServer({ env: { SEED: 'demo' } })
    cookie = await s.login()
  }, 30_000)
  afterAll(() => s.close())

  const get = (path: string, headers: Record<string, string> = {}) => fetch(s.url + path, { headers })

  test('every response class carries the strict headers', async () => {
    const home = await get('/') // rendered: a miss
    const cached = await get('/') // the cached copy, from Bun's router
    expect([home.headers.get('x-cache'), cached.headers.get('x-cache')]).toEqual(['MISS', 'HIT'])
    const js = /src="(\/assets\/[^"]+\.js)"/.exec(await cached.text())![1]!
    const events = new AbortController()
    const classes: [string, Response][] = [
      ['page, rendered', home],
      ['page, cached', cached],
      ['page, revalidated (304)', await get('/', { 'if-none-match': cached.headers.get('etag')! })],
      ['admin shell', await get('/admin')],
      ['JSON', await get('/api/projects')],
      ['JSON, admin', await get('/api/admin/messages', { cookie })],
      ['JSON, 400', await fetch(s.url + '/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' })],
      ['JSON, 404', await get('/api/nothing-here')],
      ['page, 404', await get('/no-such-page')],
      ['event stream', await fetch(s.url + '/api/demo/events', { signal: events.signal })],
      ['asset', await get(js)],
      ['favicon', await get('/favicon.svg')],
      ['redirect', await fetch(s.url + '/about', { redirect: 'manual' })],
    ]
    expect(classes.map(([what, r]) => [what, r.status])).toEqual([
      ['page, rendered', 200],
      ['page, cached', 200],
      ['page, revalidated (304)', 304],
      ['admin shell', 200],
      ['JSON', 200],
      ['JSON, admin', 200],
      ['JSON, 400', 400],
      ['JSON, 404', 404],
      ['page, 404', 404],
      ['event stream', 200],
      ['asset', 200],
      ['favicon', 200],
      ['redirect', 301],
    ])
    for (const [what, res] of classes) expectStrictHeaders(res, what)
    events.abort()
    // One policy for all: a cached page's stored headers are the live ones. The admin alone refuses
    // every frame, even its own site's.
    const ancestors = (r: Response) => directives(r.headers.get('content-security-policy')).get('frame-ancestors')!.join(' ')
    expect(classes.filter(([, r]) => ancestors(r) === "'none'").map(([what]) => what)).toEqual(['admin shell', 'JSON, admin'])
    expect(new Set(classes.map(([, r]) => r.headers.get('content-security-policy')!.replace(/frame-ancestors [^;]*/, ''))).size).toBe(1)
  })

  test('a fault (500) carries them too, as a page and as JSON', async () => {
    const broken = await startTestServer()
    broken.conn.sqlite.close()
    const page = await fetch(`${broken.url}/projects`)
    const json = await fetch(`${broken.url}/api/projects`)
    expect([page.status, json.status]).toEqual([500, 500])
    expectStrictHeaders(page, 'page, 500')
    expectStrictHeaders(json, 'JSON, 500')
    await broken.close().catch(() => {})
  })

  test('every inline script a page runs is allowed by its hash, and nothing else inline is', async () => {
    for (const path of ['/', '/projects', '/projects/tokenfolio-dapp', '/demo/dapp', '/blog', '/blog/a-uart-in-80-lines-of-vhdl', '/skills', '/contact', '/privacy', '/no-such-page', '/admin']) {
      const res = await get(path)
      const script = directives(res.headers.get('content-security-policy')).get('script-src')!
      const hashes = script.filter((s) => s.startsWith("'sha256-"))
      const inline = inlineScripts(await res.text())
      expect({ path, allowed: inline.map(sha256).every((h) => hashes.includes(h)) }).toEqual({ path, allowed: true })
      // The head script; public pages add their Speculation Rules (decision 066), the admin does not.
      expect({ path, inline: inline.length }).toEqual({ path, inline: path === '/admin' ? 1 : 2 })
    }
  })

  test('the captcha hosts and other origins are not allowed without a captcha; frames only from itself', async () => {
    const csp = directives((await get('/contact')).headers.get('content-security-policy'))
    expect([...csp.values()].flat().some((s) => s.includes('hcaptcha'))).toBe(false)
    expect(csp.get('frame-ancestors')).toEqual(["'self'"])
    expect(csp.get('connect-src')).toEqual(["'self'"])
    expect(csp.has('upgrade-insecure-requests')).toBe(false)
    const res = await get('/')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('strict-transport-security')).toBeNull()
  })

  test('no CORS: a request from another origin gets no Access-Control-Allow-* headers', async () => {
    for (const path of ['/api/projects', '/api/health']) {
      const res = await get(path, { origin: 'https://evil.example' })
      expect([...res.headers.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([])
    }
    // The beacon's empty answer may be read from another host (a static export's API_BASE).
    const beacon = await fetch(s.url + '/api/analytics/pv', { method: 'POST', headers: { 'content-type': 'text/plain', origin: 'https://static.example' }, body: '{"path":"/"}' })
    expect([beacon.status, beacon.headers.get('cross-origin-resource-policy')]).toEqual([204, 'cross-origin'])
    const preflight = await fetch(s.url + '/api/contact', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('a resume page sends no referrer at all; admin and signed-in answers are never stored', async () => {
    const resume = await get('/resume/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')
    expect(resume.headers.get('referrer-policy')).toBe('no-referrer')
    expectStrictHeaders(resume, 'resume page')
    for (const path of ['/admin', '/api/admin/messages', '/api/admin/session']) {
      expect({ path, cc: (await get(path, { cookie })).headers.get('cache-control') }).toEqual({ path, cc: 'no-store' })
    }
  })
})

describe('on https, behind a proxy, with the captcha and embedding configured', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({
      env: {
        SEED: 'demo',
        SITE_URL: 'https://folio.example',
        TRUST_PROXY: '1',
        HCAPTCHA_SITEKEY: '10000000-ffff-ffff-ffff-000000000001',
        HCAPTCHA_SECRET: '0x0000000000000000000000000000000000000000',
        FRAME_ANCESTORS: "'self' https://blog.example https://*.rowan.example",
      },
    })
  }, 30_000)
  afterAll(() => s.close())

  test('HSTS for at least six months on every answer; insecure requests upgraded', async () => {
    for (const path of ['/', '/', '/api/projects', '/admin', '/api/nothing']) {
      const res = await fetch(s.url + path)
      expect(res.headers.get('strict-transport-security')).toBe(HSTS)
      expect(Number(/max-age=(\d+)/.exec(HSTS)![1])).toBeGreaterThanOrEqual(15_768_000)
      expect(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(true)
    }
  })

  test('a request the proxy got over http is redirected to the same path on https, cached or not', async () => {
    await fetch(s.url + '/blog')
    for (const path of ['/blog?tag=FPGA', '/blog', '/api/projects']) {
      const res = await fetch(s.url + path, { headers: { 'x-forwarded-proto': 'http' }, redirect: 'manual' })
      expect({ path, status: res.status, location: res.headers.get('location') }).toEqual({ path, status: 301, location: `https://folio.example${path}` })
    }
    expect((await fetch(s.url + '/blog', { headers: { 'x-forwarded-proto': 'https' } })).status).toBe(200)
  })

  test('the session cookie is __Host-, Secure, HttpOnly and SameSite=Strict', async () => {
    const res = await fetch(s.url + '/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://folio.example', 'x-forwarded-proto': 'https' },
      body: JSON.stringify(ADMIN),
    })
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie')!
    expect(cookie).toStartWith('__Host-folio_session=')
    for (const flag of ['Secure', 'HttpOnly', 'SameSite=Strict', 'Path=/']) expect(cookie).toContain(flag)
    expect(cookie).not.toContain('Domain=')
  })

  test("hCaptcha's hosts are allowed where the widget needs them, and frames only from the configured origins", async () => {
    const res = await fetch(s.url + '/contact')
    const csp = directives(res.headers.get('content-security-policy'))
    for (const d of ['script-src', 'style-src', 'connect-src', 'frame-src']) expect(csp.get(d)).toContain('https://*.hcaptcha.com')
    expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://blog.example', 'https://*.rowan.example'])
    // X-Frame-Options cannot name those origins: left out, so it cannot contradict the CSP.
    expect(res.headers.get('x-frame-options')).toBeNull()
  })
})

describe('with FRAME_ANCESTORS naming other sites', () => {
  let s: TestServer
  beforeAll(async () => {
    s = await startTestServer({ env: { SEED: 'demo', FRAME_ANCESTORS: "'self' https://blog.example" } })
  }, 30_000)
  afterAll(() => s.close())

  test('the admin, preview links and resume links still refuse every frame; public pages take the configured sites', async () => {
    const cookie = await s.login()
    const slug = (await s.get('/api/posts')).body.items[0].slug
    const preview = await s.request('POST', '/api/admin/preview-links', { cookie, body: { kind: 'post', slug } })
    expect(preview.status).toBe(201)
    const framing = async (path: string) => {
      const res = await fetch(s.url + path, { headers: { cookie } })
      await res.arrayBuffer()
      return { path, status: res.status, ancestors: directives(res.headers.get('content-security-policy')).get('frame-ancestors'), xfo: res.headers.get('x-frame-options') }
    }
    const locked: [string, number][] = [
      ['/admin', 200],
      ['/admin/projects', 200],
      [`/admin/setup?token=${'a'.repeat(43)}`, 200],
      [new URL(preview.body.url).pathname, 200],
      [`/preview/post.1.1.${'b'.repeat(43)}`, 404],
      [`/resume/${'c'.repeat(43)}`, 200],
      ['/api/admin/me', 200],
    ]
    const seen = []
    for (const [path] of locked) seen.push(await framing(path))
    expect(seen).toEqual(locked.map(([path, status]) => ({ path, status, ancestors: ["'none'"], xfo: 'DENY' })))
    expect(await framing('/blog')).toEqual({ path: '/blog', status: 200, ancestors: ["'self'", 'https://blog.example'], xfo: null })
  })
})
