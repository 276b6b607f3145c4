// What search engines and social card previews read: /sitemap.xml, /robots.txt, canonical URLs,
// noindex where it belongs, Open Graph and Twitter tags per page type, JSON-LD of the right type.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Window } from 'happy-dom'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const SITE = 'https://rowan.example'
let s: TestServer
let cookie: string
let projectSlug: string
let postSlug: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo', SITE_URL: SITE } })
  cookie = await s.login()
  projectSlug = (await s.get('/api/projects')).body.items[0].slug
  postSlug = (await s.get('/api/posts')).body.items[0].slug
}, 30_000)
afterAll(() => s.close())

async function headOf(path: string) {
  const res = await fetch(s.url + path)
  const doc = new new Window().DOMParser().parseFromString(await res.text(), 'text/html')
  const meta = (key: string) => doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null
  const ld = Array.from(doc.querySelectorAll('script[type="application/ld+json"]')).map((el) => JSON.parse(el.textContent!) as { '@context': string; '@graph': Record<string, unknown>[] })
  const types = ld.flatMap((l) => l['@graph'].map((g) => g['@type']))
  return { res, doc, meta, ld, types, canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null, robots: meta('robots') }
}

describe('search engines', () => {
  test('/sitemap.xml lists home, the lists and every project and post, absolute, with lastmod', async () => {
    const res = await fetch(s.url + '/sitemap.xml')
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const doc = new new Window().DOMParser().parseFromString(await res.text(), 'application/xml')
    expect(doc.documentElement.localName).toBe('urlset')
    expect(doc.documentElement.namespaceURI).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    const urls = Array.from(doc.documentElement.children).map((u) => ({ loc: u.children[0]!.textContent!, lastmod: u.children[1]?.textContent ?? null }))
    const locs = urls.map((u) => u.loc)
    for (const path of ['/', '/projects', '/blog', '/skills']) expect(locs).toContain(SITE + path)
    const projects = (await s.get('/api/projects')).body.items as { slug: string }[]
    const posts = (await s.get('/api/posts?limit=100')).body.items as { slug: string; updatedAt: string }[]
    for (const p of projects) expect(locs).toContain(`${SITE}/projects/${p.slug}`)
    for (const p of posts) expect(urls.find((u) => u.loc === `${SITE}/blog/${p.slug}`)?.lastmod).toBe(p.updatedAt)
    expect(locs.some((l) => l.includes('/admin') || l.includes('/resume'))).toBe(false)
  })

  test('an edit shows in the sitemap at once, with its new lastmod', async () => {
    const post = (await s.get(`/api/posts/${postSlug}`)).body
    const saved = await s.request('PUT', `/api/admin/posts/${postSlug}`, { cookie, body: { ...post, summary: `${post.summary} (edited)` } })
    expect(saved.status).toBe(200)
    const xml = await (await fetch(s.url + '/sitemap.xml')).text()
    expect(xml).toContain(`<url><loc>${SITE}/blog/${postSlug}</loc><lastmod>${saved.body.updatedAt}</lastmod></url>`)
  })

  test('/robots.txt allows all but the private areas and points to the sitemap', async () => {
    const res = await fetch(s.url + '/robots.txt')
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await res.text()
    expect(text).toContain('User-agent: *\nAllow: /\n')
    for (const path of ['/admin', '/resume/']) expect(text).toContain(`Disallow: ${path}\n`)
    expect(text).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })

  test('every page has a canonical URL on SITE_URL; resume pages, the admin and 404 are noindex', async () => {
    for (const path of ['/', '/projects', `/projects/${projectSlug}`, '/blog', `/blog/${postSlug}`, '/skills', '/contact', '/privacy']) {
      const { canonical, robots } = await headOf(path)
      expect({ path, canonical, robots }).toEqual({ path, canonical: SITE + path, robots: null })
    }
    expect((await headOf('/projects?tag=FPGA&utm_source=x')).canonical).toBe(`${SITE}/projects?tag=FPGA`)
    for (const path of ['/resume/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG', '/no-such-page', `/blog/no-such-post`]) expect((await headOf(path)).robots).toBe('noindex')
    const admin = await fetch(s.url + '/admin')
    expect(admin.headers.get('x-robots-tag')).toBe('noindex')
    expect(await admin.text()).toContain('<meta name="robots" content="noindex, nofollow">')
  })
})

describe('sharing', () => {
  test('every page has Open Graph and Twitter card tags: title, description, URL, type, image', async () => {
    for (const path of ['/', '/projects', '/blog', '/skills', '/contact', '/privacy', `/projects/${projectSlug}`, `/blog/${postSlug}`]) {
      const { meta, doc } = await headOf(path)
      expect({ path, title: meta('og:title') }).toEqual({ path, title: doc.querySelector('title')!.textContent })
      expect(meta('og:description')).toBe(meta('description'))
      expect(meta('og:url')).toBe(SITE + path)
      expect(meta('og:image')).toStartWith('https://')
      expect(meta('twitter:card')).toBe('summary_large_image')
      expect(meta('twitter:title')).toBe(meta('og:title'))
      expect(meta('twitter:image')).toBe(meta('og:image'))
      expect(meta('og:site_name')).toBe('Rowan Castillo')
    }
    expect((await headOf('/')).meta('og:type')).toBe('profile')
    expect((await headOf(`/blog/${postSlug}`)).meta('og:type')).toBe('article')
    expect((await headOf('/projects')).meta('og:type')).toBe('website')
  })

  test('the default card image ships in the binary and is a 1200×630 JPEG', async () => {
    const { meta } = await headOf('/blog')
    expect(meta('og:image')).toBe(`${SITE}/media/share.jpg`)
    expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630'])
    const res = await fetch(s.url + '/media/share.jpg')
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xff, 0xd8, 0xff])
  })

  test("a project's card shows its hero image (a raster one; social networks do not render SVG)", async () => {
    const project = (await s.get(`/api/projects/${projectSlug}`)).body
    await s.request('PUT', `/api/admin/projects/${projectSlug}`, { cookie, body: { ...project, heroImage: '/uploads/hero.png' } })
    expect((await headOf(`/projects/${projectSlug}`)).meta('og:image')).toBe(`${SITE}/uploads/hero.png`)
    await s.request('PUT', `/api/admin/projects/${projectSlug}`, { cookie, body: { ...project, heroImage: '/media/projects/x.svg' } })
    // An SVG hero cannot be a card: the project's drawn card stands in (src/features/share-cards).
    expect((await headOf(`/projects/${projectSlug}`)).meta('og:image')).toBe(`${SITE}/og/projects/${projectSlug}.png`)
    await s.request('PUT', `/api/admin/projects/${projectSlug}`, { cookie, body: project })
  })

  test('JSON-LD parses and has the right types: Person on home, BlogPosting and CreativeWork with breadcrumbs', async () => {
    const home = await headOf('/')
    expect(home.ld[0]!['@context']).toBe('https://schema.org')
    expect(home.types).toEqual(['Person'])
    const personNode = home.ld[0]!['@graph'][0]!
    expect(personNode.sameAs).toEqual(['https://github.com/rowancastillo', 'https://www.linkedin.com/in/rowancastillo'])

    const post = await headOf(`/blog/${postSlug}`)
    expect(post.types).toEqual(['BlogPosting', 'BreadcrumbList'])
    const api = (await s.get(`/api/posts/${postSlug}`)).body
    const posting = post.ld[0]!['@graph'][0]!
    expect(posting).toMatchObject({ headline: api.title, datePublished: api.createdAt, dateModified: api.updatedAt, url: `${SITE}/blog/${postSlug}` })
    const crumbs = post.ld[0]!['@graph'][1]!.itemListElement as { position: number; name: string; item: string }[]
    expect(crumbs.map((c) => [c.position, c.item])).toEqual([[1, `${SITE}/`], [2, `${SITE}/blog`], [3, `${SITE}/blog/${postSlug}`]])

    const project = await headOf(`/projects/${projectSlug}`)
    expect(project.types).toEqual(['CreativeWork', 'BreadcrumbList'])
    expect((await headOf('/blog')).ld).toEqual([])
    expect((await headOf('/no-such-page')).ld).toEqual([])
  })

  test('a hostile title stays inside its attribute and its JSON-LD string', async () => {
    const post = (await s.get(`/api/posts/${postSlug}`)).body
    const saved = await s.request('PUT', `/api/admin/posts/${postSlug}`, { cookie, body: { ...post, title: `Evil "quote" </script><script>alert(1)</script> <!-- & \u2028 end` } })
    const title = saved.body.title as string
    // A title is one line (issue 32): the line separator is stored as a space.
    expect(title).toBe('Evil "quote" </script><script>alert(1)</script> <!-- & end')
    const { meta, ld, doc } = await headOf(`/blog/${postSlug}`)
    expect(meta('og:title')).toBe(`${title} - Rowan Castillo`)
    expect(ld[0]!['@graph'][0]!.headline).toBe(title)
    // Only the theme script and the entry run: the title opened no script of its own.
    expect(doc.querySelectorAll('script:not([type]), script[type="module"]').length).toBe(2)
    await s.request('PUT', `/api/admin/posts/${postSlug}`, { cookie, body: post })
  })
})
