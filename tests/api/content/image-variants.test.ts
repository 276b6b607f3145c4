// Responsive images end to end (issue 22): an upload, the server's own `folio images` child,
// the variants served, and the pages naming them. Real PNGs, real codecs, a real child process.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ProjectListItem } from '#src/contract/project'
import { imageSize } from '#src/features/uploads/image-size'
import { sniffImage } from '#src/features/uploads/image-types'
import { projectInput } from '#tests/support/data/factories'
import { drawPng } from '#tests/support/data/images'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer()
  cookie = await s.login()
})
afterAll(() => s.close())

/** The variants are made in the background: polls until `check` holds (the codecs take seconds). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await read()
    if (check(value) || Date.now() > deadline) return value
    await Bun.sleep(100)
  }
}

const thumbnailOf = async (slug: string) => (await s.get<{ items: ProjectListItem[] }>('/api/projects')).body.items.find((p) => p.slug === slug)?.thumbnail

describe('an uploaded hero image', () => {
  test('gets AVIF and WebP variants at 480, 960 and 1440 px, which the project list and page name', async () => {
    const png = await drawPng(1600, 840)
    const up = await s.request('POST', '/api/admin/uploads', { raw: png, headers: { 'content-type': 'image/png' }, cookie })
    expect(up.status).toBe(201)
    const url = up.body.url as string
    const made = await s.request('POST', '/api/admin/projects', { body: projectInput({ title: 'Pictured', slug: 'pictured', heroImage: url, gallery: [url] }), cookie })
    expect(made.status).toBe(201)
    // Rendered and cached at once, long before the codecs are done: no variants named yet.
    const before = await s.get('/projects')
    expect(before.text).toContain(`<img src="${url}" alt="" width="1600" height="840"`)
    expect(before.text).not.toContain('<source')

    const thumbnail = await until(() => thumbnailOf('pictured'), (t) => !!t?.sources.length)
    expect(thumbnail).toMatchObject({ src: url, width: 1600, height: 840 })
    const hash = url.slice('/uploads/images/'.length, -'.png'.length)
    expect(thumbnail!.sources).toEqual([
      { type: 'image/avif', srcset: [480, 960, 1440].map((w) => `/uploads/images/variants/${hash}-${w}.avif ${w}w`).join(', ') },
      { type: 'image/webp', srcset: [480, 960, 1440].map((w) => `/uploads/images/variants/${hash}-${w}.webp ${w}w`).join(', ') },
    ])

    for (const [ext, mime] of [['avif', 'image/avif'], ['webp', 'image/webp']] as const) {
      const res = await fetch(`${s.url}/uploads/images/variants/${hash}-960.${ext}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(mime)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(imageSize(bytes, sniffImage(bytes)!)).toEqual({ width: 960, height: 504 })
      expect(bytes.byteLength).toBeLessThan(png.byteLength)
    }

    // The list page was cached before the variants existed; the child's exit (a moment after its
    // last write, which the API shows at once) drops that copy. Without the drop it stays forever.
    const list = await until(() => s.get('/projects'), (r) => r.text.includes('<source'), 10_000)
    // (React writes the attribute as srcSet; HTML attribute names are case-insensitive.)
    expect(list.text).toContain(`<source type="image/avif" srcSet="/uploads/images/variants/${hash}-480.avif 480w`)
    expect(list.text).toContain(`<img src="${url}" alt="" width="1600" height="840"`)
    const page = await s.get('/projects/pictured')
    expect(page.text).toContain(`<link rel="preload" as="image" type="image/avif" imagesrcset="/uploads/images/variants/${hash}-480.avif 480w`)
    expect(page.text).toContain('loading="lazy"')
    const single = (await s.get('/api/projects/pictured')).body
    expect(single.media.hero).toEqual(thumbnail)
    expect(single.media.gallery).toEqual([thumbnail])
  }, 90_000)

  test("the owner's photo is shown from its variants once they are made", async () => {
    const up = await s.request('POST', '/api/admin/uploads', { raw: await drawPng(600, 600), headers: { 'content-type': 'image/png' }, cookie })
    expect((await s.request('PUT', '/api/admin/settings', { body: { avatar: up.body.url }, cookie })).status).toBe(200)
    const hash = (up.body.url as string).slice('/uploads/images/'.length, -4)
    const home = await until(() => s.get('/'), (r) => r.text.includes(`${hash}-480.avif`), 60_000)
    expect(home.text).toContain(`<source type="image/avif" srcSet="/uploads/images/variants/${hash}-480.avif 480w, /uploads/images/variants/${hash}-600.avif 600w" sizes="(min-width: 48rem) 160px, 120px"/>`)
    expect(home.text).toContain(`<img src="${up.body.url}" alt="My site" width="600" height="600" decoding="async" class="hero-photo" fetchPriority="high"/>`)
  }, 90_000)

  test('variant names are checked like uploads: anything else is a 404', async () => {
    for (const name of ['..%2F..%2Ffolio.db', `${'a'.repeat(32)}-480.png`, `${'a'.repeat(32)}-480.avif`, `${'a'.repeat(32)}.avif`]) {
      expect((await fetch(`${s.url}/uploads/images/variants/${name}`)).status).toBe(404)
    }
  })
})

test('uploads from before the variants existed are converted when folio starts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-old-uploads-'))
  const name = `${'e'.repeat(32)}.png`
  mkdirSync(join(dataDir, 'uploads', 'images'), { recursive: true })
  writeFileSync(join(dataDir, 'uploads', 'images', name), await drawPng(640, 320))
  const old = await startTestServer({ dataDir })
  try {
    const res = await until(() => fetch(`${old.url}/uploads/images/variants/${'e'.repeat(32)}-480.webp`), (r) => r.status === 200)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
  } finally {
    await old.close()
  }
}, 90_000)
