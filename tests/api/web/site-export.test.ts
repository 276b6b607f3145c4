import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { filterInPage } from '#client/site/static-site'
import type { BlogListProps } from '#client/site/islands/blog-list'
import type { ProjectsListProps } from '#client/site/islands/projects-list'
import type { PostSummary } from '#src/contract/post'
import type { ProjectListItem } from '#src/contract/project'
import { BOOT_ELEMENT_ID, type PageBoot } from '#src/contract/site'
import { exportSite, ExportRefused } from '#src/cli/export-site'
import { MARKER } from '#src/web/site-export/output-dir'
import { EXTRA_DOCUMENTS, fileOfDocument } from '#src/web/site-export/pages'
import * as paths from '#src/contract/paths'
import { escapeHtml } from '#src/web/document'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { EXPORT_SITE_URL, exportDeps, exportDirName, exportOnce, removeExports } from '#tests/support/data/site-export'

// A 1×1 transparent PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
const PDF = new TextEncoder().encode('%PDF-1.4\n% test resume\n%%EOF\n')

let s: TestServer
let out: string
let image: string
let projects: ProjectListItem[]
let posts: PostSummary[]

beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
  const cookie = await s.login()
  const upload = (path: string, raw: Uint8Array<ArrayBuffer>, type: string) => s.request('POST', path, { raw, headers: { 'content-type': type }, cookie })
  image = (await upload('/api/admin/uploads', PNG, 'image/png')).body.url
  expect((await upload('/api/admin/resume/file', PDF, 'application/pdf')).status).toBeLessThan(300)
  projects = (await s.get('/api/projects')).body.items
  posts = (await s.get('/api/posts?limit=100')).body.items
  out = await exportOnce(s.dataDir)
  // Seeding, the client build and thirty renders: seconds on a busy 2-core machine.
}, 60_000)
afterAll(async () => {
  await s.close()
  removeExports()
})

const read = (file: string) => readFileSync(join(out, file), 'utf8')
const bootOf = (html: string) => JSON.parse(new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script>`).exec(html)![1]!) as PageBoot
const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
/** The props an island of `name` carries in a page (its marker's data-props). */
const islandProps = <P>(html: string, name: string) => JSON.parse(unescapeHtml(new RegExp(`data-island="${name}" data-props="([^"]*)"`).exec(html)![1]!)) as P
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
}

describe('what an export holds', () => {
  test('every project and post has its page, titled, at <path>/index.html', () => {
    expect(projects.length).toBeGreaterThan(3)
    expect(posts.length).toBeGreaterThan(3)
    for (const p of projects) expect(read(`projects/${p.slug}/index.html`)).toContain(`<h1>${escapeHtml(p.title)}</h1>`)
    for (const p of posts) expect(read(`blog/${p.slug}/index.html`)).toContain(escapeHtml(p.title))
  })

  test.each([
    ['index.html', 'I build fast systems'],
    ['projects/index.html', '<h1>Projects</h1>'],
    ['blog/index.html', '<h1>Blog</h1>'],
    ['skills/index.html', '<h1>Skills</h1>'],
    ['contact/index.html', 'static copy of the site, so the contact form is off'],
    ['privacy/index.html', '<h1>Privacy'],
    ['demo/dapp/index.html', 'this static copy of the site has none'],
  ])('%s is the rendered page', (file, text) => {
    expect(read(file)).toContain(text)
  })

  // Changed in issue 33 (decision 066): pages carry a boot block, not the page state, and the 404
  // page no longer names its path there (no client router needs it); 404.html is checked to be the
  // not-found page by its text instead.
  test('every page is flagged as a static site, and 404.html is the not-found page for any path', () => {
    const pages = filesUnder(out).filter((f) => f.endsWith('.html'))
    for (const file of pages) expect(bootOf(read(file)).staticSite).toBe(true)
    const notFound = read('404.html')
    expect(notFound).toContain('<title>Page not found')
    expect(notFound).toContain('<meta name="robots" content="noindex">')
    expect(notFound).toContain("The page you&#x27;re looking for doesn&#x27;t exist or was moved.")
  })

  test('the blog and project lists carry every item in their island, flagged static, to filter in the page', () => {
    const blog = islandProps<BlogListProps>(read('blog/index.html'), 'blog-list')
    expect(blog.staticSite).toBe(true)
    expect(blog.filters).toEqual({})
    expect(blog.posts.map((p) => p.slug)).toEqual(posts.map((p) => p.slug))
    expect([...blog.tags.chips, ...blog.tags.more].sort()).toEqual([...new Set(posts.flatMap((p) => p.tags))].sort())
    const list = islandProps<ProjectsListProps>(read('projects/index.html'), 'projects-list')
    expect(list.staticSite).toBe(true)
    expect(list.projects).toEqual(projects)
  })

  test('every asset a page links exists with .gz and .br siblings that decompress to it (a font, compressed already, alone)', () => {
    const linked = new Set<string>()
    for (const file of filesUnder(out).filter((f) => f.endsWith('.html'))) {
      for (const m of read(file).matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) linked.add(m[1]!)
    }
    // And what those scripts import, lazily too: the islands' chunks (decision 066).
    for (const url of linked) {
      if (!url.endsWith('.js')) continue
      for (const m of read(url).matchAll(/["']\.\/([\w.-]+\.js)["']/g)) linked.add(`/assets/${m[1]}`)
    }
    expect(linked.size).toBeGreaterThan(3)
    expect([...linked].some((url) => url.endsWith('.woff2'))).toBe(true)
    for (const url of linked) {
      const body = readFileSync(join(out, url))
      if (url.endsWith('.woff2')) {
        expect(body.subarray(0, 4).toString()).toBe('wOF2')
        continue
      }
      expect(gunzipSync(readFileSync(join(out, `${url}.gz`)))).toEqual(body)
      expect(brotliDecompressSync(readFileSync(join(out, `${url}.br`)))).toEqual(body)
    }
  })

  test('every chunk a bundle imports, statically or lazily, is there too; the admin bundle is not', () => {
    const assets = readdirSync(join(out, 'assets'))
    for (const name of assets.filter((n) => n.endsWith('.js'))) {
      for (const m of readFileSync(join(out, 'assets', name), 'utf8').matchAll(/["']\.\/([\w.-]+\.(?:js|css))["']/g)) expect(assets).toContain(m[1]!)
    }
    expect(assets.filter((n) => n.startsWith('admin-'))).toEqual([])
  })

  test("every share card a page names is drawn into the export, a 1200×630 PNG", () => {
    const html = read('blog/index.html') + read('index.html')
    const posts = filesUnder(out).filter((f) => /blog\/[^/]+\/index\.html$/.test(f) && !f.includes('/tag/'))
    const named = new Set([...[html, ...posts.map(read)].join('').matchAll(/\/og\/[\w/.-]+\.png/g)].map((m) => m[0]))
    expect(named.size).toBeGreaterThan(2)
    for (const url of named) {
      const png = readFileSync(join(out, url))
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630])
    }
  })

  test('the media pages reference, the favicon and the uploaded images are copied byte for byte', async () => {
    const media = new Set([...read('projects/scopelet-fpga-oscilloscope/index.html').matchAll(/"(\/media\/[^"]+)"/g)].map((m) => m[1]!))
    expect([...media]).toContain('/media/fpga-scope.mp4')
    for (const url of [...media, '/favicon.svg']) {
      const live = new Uint8Array(await (await fetch(s.url + url)).arrayBuffer())
      expect(new Uint8Array(readFileSync(join(out, url)))).toEqual(live)
    }
    expect(new Uint8Array(readFileSync(join(out, image)))).toEqual(PNG)
  })

  test('nothing private is written: no admin, resume or admin API files, no resume PDF', () => {
    const files = filesUnder(out)
    expect(files.filter((f) => /^(admin|resume|api)\b/.test(f) || f.endsWith('.pdf'))).toEqual([])
    expect(readdirSync(join(out, 'uploads'))).toEqual(['images'])
  })

  test('an extra public document is written exactly when the app answers it with 200', async () => {
    for (const path of EXTRA_DOCUMENTS) {
      const live = await s.get(path)
      expect({ path, written: existsSync(join(out, path)) }).toEqual({ path, written: live.status === 200 })
    }
  })

  test("every tag's feeds are written where the blog links them, as the server answers them", async () => {
    const tags = [...new Set(posts.flatMap((p) => p.tags))]
    expect(tags.length).toBeGreaterThan(3)
    for (const tag of tags) {
      for (const href of Object.values(paths.feeds(tag))) {
        const file = join(out, fileOfDocument(href))
        expect({ href, written: existsSync(file) }).toEqual({ href, written: true })
        const live = await fetch(s.url + href).then((r) => r.text())
        // The same feed as the live site's (its "updated" is the newest post's), under the export's SITE_URL.
        expect(readFileSync(file, 'utf8')).toBe(live.replaceAll('http://localhost:0', EXPORT_SITE_URL))
      }
    }
    expect(readFileSync(join(out, 'blog', 'index.html'), 'utf8')).toContain('<a href="/feed.xml" type="application/atom+xml">Atom feed</a>')
  })

  test('a document path becomes the file a static host looks for: decoded, never outside the export', () => {
    expect(fileOfDocument('/blog/tag/Signal%20processing/feed.xml')).toBe('blog/tag/Signal processing/feed.xml')
    for (const bad of ['/blog/tag/%2e%2e/feed.xml', '/blog/tag/a%2Fb/feed.xml', '/blog/tag/%5C/feed.xml', '/x/%00', '/x/%E0%A4%A']) expect(() => fileOfDocument(bad)).toThrow('unsafe path')
  })
})

describe('the output directory', () => {
  const exportInto = async (dir: string) => {
    const deps = exportDeps(s.dataDir)
    try {
      return await exportSite(deps, dir)
    } finally {
      deps.close()
    }
  }

  test('a non-empty directory that is not an export is refused and left as it was', async () => {
    const dir = exportDirName()
    mkdirSync(dir)
    writeFileSync(join(dir, 'thesis.tex'), 'years of work')
    await expect(exportInto(dir)).rejects.toBeInstanceOf(ExportRefused)
    expect(readdirSync(dir)).toEqual(['thesis.tex'])
    expect(readdirSync(dirname(dir))).toEqual(['site'])
  })

  test('a file is refused as the output', async () => {
    const file = exportDirName()
    writeFileSync(file, 'not a directory')
    await expect(exportInto(file)).rejects.toThrow('is a file, not a directory')
  })

  test('an empty directory is filled, and a previous export is replaced as a whole', async () => {
    const dir = exportDirName()
    mkdirSync(dir)
    const first = await exportInto(dir)
    expect(first.pages).toBe(projects.length + posts.length + 8)
    writeFileSync(join(dir, 'stale.html'), 'from an older export')
    const second = await exportInto(dir)
    expect(second).toEqual(first)
    expect(existsSync(join(dir, 'stale.html'))).toBe(false)
    expect(JSON.parse(readFileSync(join(dir, MARKER), 'utf8')).pages).toBe(first.pages)
    expect(readdirSync(dirname(dir))).toEqual(['site'])
  })

  test('a failed export leaves the previous one whole and no staging directory behind', async () => {
    const dir = exportDirName()
    await exportInto(dir)
    const before = filesUnder(dir).sort()
    const deps = exportDeps(s.dataDir)
    deps.close()
    await expect(exportSite(deps, dir)).rejects.toThrow()
    expect(filesUnder(dir).sort()).toEqual(before)
    expect(readdirSync(dirname(dir))).toEqual(['site'])
  })
})

describe('lists on a static site', () => {
  test.each([
    [{ tag: 'FPGA' }, true],
    [{ tag: 'cuda' }, true],
    [{ search: 'scope' }, true],
    [{ search: 'GPU' }, true],
    [{ tag: 'fpga', search: 'uart' }, true],
    [{ search: 'no such thing' }, false],
  ] as const)(
    'filter %o as the API does (a search: what it finds in titles, summaries and tags)',
    async (filters, found) => {
      const query = new URLSearchParams(filters).toString()
      const api = { projects: (await s.get(`/api/projects?${query}`)).body.items, posts: (await s.get(`/api/posts?limit=100&${query}`)).body.items }
      const inPage = { projects: filterInPage(projects, filters), posts: filterInPage(posts, filters) }
      if ('search' in filters) {
        // The API searches bodies too (full-text) and adds snippets; the page holds no bodies, so
        // it finds the items whose title, summary or tags match, each of which the API finds too.
        const slugs = (items: { slug: string }[]) => items.map((i) => i.slug)
        for (const kind of ['projects', 'posts'] as const) for (const slug of slugs(inPage[kind])) expect(slugs(api[kind])).toContain(slug)
        expect(inPage.projects.length + inPage.posts.length > 0).toBe(found)
      } else {
        expect(inPage).toEqual(api)
      }
      expect(api.projects.length + api.posts.length > 0).toBe(found)
    },
  )
})
