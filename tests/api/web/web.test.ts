// The server side of the public site over plain HTTP: documents, assets, media, statuses.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { gunzipSync } from 'node:zlib'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo', SITE_URL: 'https://folio.example' } })
})
afterAll(() => s.close())

const page = async (path: string) => {
  const res = await fetch(s.url + path, { redirect: 'manual' })
  return { status: res.status, headers: res.headers, html: await res.text() }
}

describe('documents', () => {
  test('a page is HTML with the title, description, canonical URL from SITE_URL and the hashed assets', async () => {
    const { status, headers, html } = await page('/projects?tag=FPGA')
    expect(status).toBe(200)
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8')
    // The site's default theme and its accent's custom properties (settings) are on <html>.
    expect(html).toMatch(/^<!doctype html><html lang="en" data-theme="dark" style="--accent-dark:#[0-9a-f]{6};[^"]*">/)
    expect(html).toContain('<title>Rowan Castillo - Projects</title>')
    expect(html).toContain('<meta name="description" content="Selected work and experiments.">')
    expect(html).toContain('<link rel="canonical" href="https://folio.example/projects?tag=FPGA">')
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/site-[a-z0-9]+\.css">/)
    expect(html).toMatch(/<script type="module" src="\/assets\/site-[a-z0-9]+\.js"><\/script><\/body><\/html>$/)
  })

  // Issue 33 (decision 066): no page-wide state; the boot block and each island's own props.
  test('the page carries a boot block and its island the items it rendered, as inert JSON', async () => {
    const { html } = await page('/projects?tag=FPGA')
    expect(html).not.toContain('folio-state')
    const boot = JSON.parse(/<script type="application\/json" id="folio-boot">(.*?)<\/script>/s.exec(html)![1]!)
    expect(boot).toEqual({ apiBase: '', pageViews: 'server' })
    const raw = /data-island="projects-list" data-props="([^"]*)"/.exec(html)![1]!
    const props = JSON.parse(raw.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&')) as Record<string, unknown>
    expect(JSON.stringify(props)).not.toContain('Rowan Castillo')
    const items = (await s.get('/api/projects?tag=FPGA')).body.items as { slug: string; title: string }[]
    expect(items.length).toBeGreaterThan(0)
    for (const item of items) expect(JSON.stringify(props)).toContain(JSON.stringify(item.title))
  })

  test('titles follow the spec: the site title on home, "{page} - {site}" elsewhere', async () => {
    expect((await page('/')).html).toContain('<title>Rowan Castillo</title>')
    expect((await page('/skills')).html).toContain('<title>Skills - Rowan Castillo</title>')
    expect((await page('/blog/a-uart-in-80-lines-of-vhdl')).html).toContain('<title>A UART in 80 lines of VHDL - Rowan Castillo</title>')
  })

  test('unknown paths and unknown slugs are 404 pages marked noindex', async () => {
    for (const path of ['/nope', '/blog/not-a-post', '/projects/not-a-project']) {
      const { status, html } = await page(path)
      expect(status).toBe(404)
      expect(html).toContain('<meta name="robots" content="noindex">')
      expect(html).toContain('<title>Page not found - Rowan Castillo</title>')
    }
  })

  test('a resume landing page is never cached and never leaks its URL as a referrer', async () => {
    const { status, headers, html } = await page('/resume/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG')
    expect(status).toBe(200)
    expect(headers.get('referrer-policy')).toBe('no-referrer')
    expect(headers.get('cache-control')).toBe('no-store')
    expect(html).toContain('<meta name="robots" content="noindex">')
  })

  test('/about redirects permanently to /', async () => {
    const { status, headers } = await page('/about')
    expect(status).toBe(301)
    expect(headers.get('location')).toBe('/')
  })

  test('API paths never fall through to pages', async () => {
    const res = await fetch(`${s.url}/api/unknown`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ ok: false, error: 'Not found' })
  })
})

describe('faults', () => {
  test('a page that cannot be rendered is an HTML 500 without details', async () => {
    const broken = await startTestServer()
    broken.conn.sqlite.close()
    const res = await fetch(`${broken.url}/projects`)
    expect(res.status).toBe(500)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const html = await res.text()
    expect(html).toContain('<h1>Something went wrong</h1>')
    expect(html).not.toMatch(/SQLite|\.ts:|at /)
    await broken.close().catch(() => {})
  })
})

describe('assets and media', () => {
  test('hashed assets are immutable and precompressed, chosen by Accept-Encoding', async () => {
    const { html } = await page('/')
    const js = /src="(\/assets\/site-[a-z0-9]+\.js)"/.exec(html)![1]!
    const plain = await fetch(s.url + js, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const body = new Uint8Array(await plain.arrayBuffer())
    const gz = await fetch(s.url + js, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(new Uint8Array(await gz.arrayBuffer()))).toEqual(Buffer.from(body))
    const br = await fetch(s.url + js, { headers: { 'accept-encoding': 'gzip, br' }, decompress: false } as RequestInit)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect((await fetch(`${s.url}/assets/nope.js`)).status).toBe(404)
  })

  test('sample project artwork, the sample video and the favicon are served', async () => {
    const art = await fetch(`${s.url}/media/projects/scopelet.svg`)
    expect(art.status).toBe(200)
    expect(art.headers.get('content-type')).toContain('image/svg+xml')
    expect(await art.text()).toContain('Scopelet')
    expect((await fetch(`${s.url}/media/projects/..%2Fetc.svg`)).status).toBe(404)
    const video = await fetch(`${s.url}/media/fpga-scope.mp4`)
    expect(video.headers.get('content-type')).toBe('video/mp4')
    expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(10_000)
    expect((await fetch(`${s.url}/favicon.svg`)).headers.get('content-type')).toContain('image/svg+xml')
  })
})
