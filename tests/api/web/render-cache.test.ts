// Public pages are rendered once and served from memory, and an admin edit shows on the very
// next request: the cache drops exactly the pages that showed the changed content.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { postInput, projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
  cookie = await s.login()
})
afterAll(() => s.close())

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(s.url + path, { headers, decompress: false } as RequestInit)
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) }
}
const html = async (path: string) => {
  const res = await fetch(s.url + path)
  return { cache: res.headers.get('x-cache'), etag: res.headers.get('etag'), text: await res.text() }
}
/** Requests a page until it is served from the cache (the first render is stored after it streams). */
async function cached(path: string) {
  for (let i = 0; i < 100; i++) {
    const res = await html(path)
    if (res.cache === 'HIT') return res
    await Bun.sleep(20)
  }
  throw new Error(`${path} never came from the cache`)
}
const firstProject = async () => ((await s.get('/api/projects')).body.items as { slug: string }[])[0]!.slug
const firstPost = async () => ((await s.get('/api/posts')).body.items as { slug: string }[])[0]!.slug

describe('an admin edit is visible on the next public request', () => {
  test('a project edit shows at once on its page and the projects list', async () => {
    const slug = await firstProject()
    for (const path of [`/projects/${slug}`, '/projects']) await cached(path)
    const full = (await s.get(`/api/projects/${slug}`)).body
    const summary = `Edited summary ${Date.now()}`
    const put = await s.request('PUT', `/api/admin/projects/${slug}`, { body: { ...projectInput(), ...full, summary }, cookie })
    expect(put.status).toBe(200)
    for (const path of [`/projects/${slug}`, '/projects']) expect((await html(path)).text).toContain(summary)
  })

  test('a new post shows at once on the blog and home; the projects list stays cached', async () => {
    for (const path of ['/blog', '/', '/projects']) await cached(path)
    const before = await cached('/projects')
    const created = await s.request('POST', '/api/admin/posts', { body: postInput({ title: `Fresh post ${Date.now()}` }), cookie })
    expect(created.status).toBe(201)
    for (const path of ['/blog', '/']) expect((await html(path)).text).toContain(created.body.title)
    const projects = await html('/projects')
    expect(projects.cache).toBe('HIT')
    expect(projects.etag).toBe(before.etag)
  })

  test('a skills lexicon edit drops /skills at once', async () => {
    const before = await cached('/skills')
    const name = `Zig${Date.now() % 100000}`
    const res = await s.request('POST', '/api/admin/skills/lexicon', { body: { name, bucket: 'Languages', patterns: [name.toLowerCase()] }, cookie })
    expect([200, 201]).toContain(res.status)
    const next = await html('/skills')
    expect(next.etag).not.toBe(before.etag)
  })

  test('a rejected write keeps the pages cached', async () => {
    const slug = await firstPost()
    const before = await cached(`/blog/${slug}`)
    const bad = await s.request('PUT', `/api/admin/posts/${slug}`, { body: { title: '' }, cookie })
    expect(bad.status).toBe(400)
    const after = await html(`/blog/${slug}`)
    expect(after.cache).toBe('HIT')
    expect(after.etag).toBe(before.etag)
  })
})

test('pages an edit dropped are rendered again in the background, so the next visitor gets them from memory', async () => {
  const slug = await firstProject()
  await cached(`/projects/${slug}`)
  const full = (await s.get(`/api/projects/${slug}`)).body
  const summary = `Warmed summary ${Date.now()}`
  await s.request('PUT', `/api/admin/projects/${slug}`, { body: { ...full, summary }, cookie })
  // Nobody asks for the page meanwhile; a few renders take milliseconds, this leaves plenty.
  await Bun.sleep(1500)
  const first = await html(`/projects/${slug}`)
  expect(first.cache).toBe('HIT')
  expect(first.text).toContain(summary)
})

describe('serving from the cache', () => {
  test('a cached page is sent precompressed by Accept-Encoding, each decompressing to the same bytes', async () => {
    await cached('/')
    // Gzip is there from the start; brotli (quality 11) joins a moment after the page is stored.
    let br = await page('/', { 'accept-encoding': 'gzip, br' })
    for (let i = 0; i < 100 && br.headers.get('content-encoding') !== 'br'; i++) {
      await Bun.sleep(20)
      br = await page('/', { 'accept-encoding': 'gzip, br' })
    }
    const plain = await page('/', { 'accept-encoding': 'identity' })
    const gz = await page('/', { 'accept-encoding': 'gzip' })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(new Uint8Array(brotliDecompressSync(br.bytes))).toEqual(plain.bytes)
    expect(new Uint8Array(gunzipSync(gz.bytes))).toEqual(plain.bytes)
    for (const r of [plain, br, gz]) {
      expect(r.headers.get('vary')).toBe('Accept-Encoding')
      expect(r.headers.get('etag')).toBe(plain.headers.get('etag'))
    }
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3)
  })

  test('revalidation with a matching ETag is a 304 without a body; a stale one gets the page', async () => {
    const { etag } = await cached('/projects')
    const fresh = await page('/projects', { 'if-none-match': etag! })
    expect(fresh.status).toBe(304)
    expect(fresh.bytes.length).toBe(0)
    expect(fresh.headers.get('etag')).toBe(etag)
    expect((await page('/projects', { 'if-none-match': 'W/' + etag })).status).toBe(304)
    expect((await page('/projects', { 'if-none-match': '"something-else"' })).status).toBe(200)
  })

  test('query parameters a page does not read share its cached copy; those it reads get their own', async () => {
    const base = await cached('/projects?tag=FPGA')
    const tracked = await html('/projects?utm_source=news&tag=FPGA')
    expect(tracked.cache).toBe('HIT')
    expect(tracked.etag).toBe(base.etag)
    expect(base.text).toContain('<link rel="canonical" href="http://localhost:')
    expect(base.text).not.toContain('utm_source')
    const other = await cached('/projects?tag=VHDL')
    expect(other.etag).not.toBe(base.etag)
  })

  test('concurrent requests after a change render the page at most once', async () => {
    const slug = await firstProject()
    const full = (await s.get(`/api/projects/${slug}`)).body
    await s.request('PUT', `/api/admin/projects/${slug}`, { body: { ...full, summary: `Once ${Date.now()}` }, cookie })
    const answers = await Promise.all(Array.from({ length: 20 }, () => html(`/projects/${slug}`)))
    // Re-rendered in the background after the change, or by the first of them: never twice.
    expect(answers.filter((a) => a.cache === 'MISS').length).toBeLessThanOrEqual(1)
    expect(new Set(answers.map((a) => a.text)).size).toBe(1)
    expect(answers[0]!.text).toContain('Once ')
  })

  test('public pages and public API reads may sit in a CDN; admin answers never', async () => {
    const cdn = /s-maxage=\d+/
    expect((await fetch(s.url + '/')).headers.get('cache-control')).toMatch(cdn)
    expect((await fetch(s.url + '/')).headers.get('cache-control')).toContain('stale-while-revalidate')
    for (const path of ['/api/projects', '/api/posts', '/api/skills', `/api/projects/${await firstProject()}`, `/api/posts/${await firstPost()}`]) {
      expect((await s.get(path)).headers.get('cache-control')).toMatch(cdn)
    }
    for (const path of ['/api/admin/projects', '/api/admin/posts', '/api/admin/me', '/api/admin/messages']) {
      expect((await s.get(path, { cookie })).headers.get('cache-control')).toBe('no-store')
    }
    expect((await fetch(s.url + '/admin')).headers.get('cache-control')).toBe('no-store')
  })

  test('an unknown slug is rendered each time; a resume link is never cached', async () => {
    for (let i = 0; i < 3; i++) expect((await html('/projects/no-such-project')).cache).toBe('BYPASS')
    const resume = await fetch(s.url + '/resume/some-token')
    expect(resume.headers.get('cache-control')).toBe('no-store')
    expect(resume.headers.get('x-cache')).toBeNull()
  })
})

describe('paths no route matches: one cached 404 page per header section', () => {
  test('a scanner\'s unique paths are rendered once, not once each, and name no canonical address', async () => {
    const first = await fetch(s.url + `/wp-admin/${Date.now()}/setup.php`)
    expect(first.status).toBe(404)
    const firstText = await first.text()
    const statuses: number[] = []
    const caches = new Set<string | null>()
    for (let i = 0; i < 20; i++) {
      const res = await fetch(s.url + `/.env-${i}/x${i}?q=${i}`)
      statuses.push(res.status)
      caches.add(res.headers.get('x-cache'))
      expect(await res.text()).toBe(firstText)
    }
    expect(new Set(statuses)).toEqual(new Set([404]))
    expect(caches).toEqual(new Set(['HIT']))
    expect(firstText).toContain('Page not found')
    expect(firstText).not.toContain('rel="canonical"')
    expect(firstText).not.toContain('og:url')
    expect(firstText).toContain('<meta name="robots" content="noindex">')
  })

  test('under a section the page marks that section current, as the browser will on that address', async () => {
    const current = (text: string) => /<a [^>]*aria-current="page"[^>]*>([^<]+)</.exec(text)?.[1] ?? null
    const blog = await fetch(s.url + '/blog/2019/old-post')
    expect(blog.status).toBe(404)
    expect(current(await blog.text())).toBe('Blog')
    const again = await fetch(s.url + '/blog/2020/other')
    expect(again.headers.get('x-cache')).toBe('HIT')
    expect(current(await again.text())).toBe('Blog')
    expect(current(await (await fetch(s.url + '/nothing/here')).text())).toBeNull()
  })

  test('resume paths are not the shared page: never cached, never framed', async () => {
    const res = await fetch(s.url + '/resume/some-token/extra')
    expect(res.status).toBe(404)
    expect(res.headers.get('x-cache')).toBeNull()
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })
})

test('the first render of a page streams gzipped to a client that takes gzip', async () => {
  const slug = await firstPost()
  const full = (await s.get(`/api/posts/${slug}`)).body
  await s.request('PUT', `/api/admin/posts/${slug}`, { body: { title: full.title, summary: full.summary, tags: full.tags, bodyMD: full.bodyMD + '\n\nOne more line.' }, cookie })
  // A query value the page declares and nobody asked for yet: certainly a miss.
  const res = await page(`/blog?tag=never-seen-${Date.now()}`, { 'accept-encoding': 'gzip' })
  expect(res.headers.get('x-cache')).toBe('MISS')
  expect(res.headers.get('content-encoding')).toBe('gzip')
  expect(new TextDecoder().decode(gunzipSync(res.bytes))).toContain('</html>')
})

test('a query variant first asked for without gzip is kept plain, and gzipped once a visitor takes gzip', async () => {
  const path = `/blog?search=plain-first-${Date.now()}`
  const first = await page(path, { 'accept-encoding': 'identity' })
  expect(first.headers.get('x-cache')).toBe('MISS')
  expect(first.headers.get('content-encoding')).toBeNull()
  let gzipped = await page(path, { 'accept-encoding': 'gzip' })
  for (let i = 0; i < 100 && gzipped.headers.get('x-cache') !== 'HIT'; i++) {
    await Bun.sleep(20)
    gzipped = await page(path, { 'accept-encoding': 'gzip' })
  }
  expect(gzipped.headers.get('x-cache')).toBe('HIT')
  expect(gzipped.headers.get('content-encoding')).toBe('gzip')
  expect(gunzipSync(gzipped.bytes)).toEqual(Buffer.from(first.bytes))
  // The next one is the same stored gzip.
  expect((await page(path, { 'accept-encoding': 'gzip' })).bytes).toEqual(gzipped.bytes)
})

test('the full list a search page shows beside its results (the tag chips) follows an edit at once', async () => {
  const tag = `chip${Date.now() % 1_000_000}`
  const before = await html(`/blog?search=nothing-found-${Date.now()}`)
  expect(before.text).not.toContain(`>${tag}<`)
  const created = await s.request('POST', '/api/admin/posts', { body: postInput({ title: `Chip post ${tag}`, tags: [tag] }), cookie })
  expect(created.status).toBe(201)
  expect((await html(`/blog?search=nothing-found-${Date.now()}-2`)).text).toContain(`>${tag}<`)
})
