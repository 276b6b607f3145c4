// Content files (issue 6): every post and project as markdown with front matter, the uploads they
// name beside them. Export, import into a fresh site, export again: the same bytes, the same rows.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { manualClock } from '#src/lib/clock'
import { exportZip, GIF, HUGO_SITE, importZip, PNG, rowsOf, ASTRO_SITE, zip, type Files } from '#tests/support/data/content-files'
import { postInput, projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

const clock = () => manualClock(new Date('2026-06-01T12:00:00Z'))
let a: TestServer
let b: TestServer
let cookieA: string
let cookieB: string
let exported: Files
let imported: { status: number; body: any } // eslint-disable-line @typescript-eslint/no-explicit-any -- asserted field by field
let hostile: Record<string, unknown>

beforeAll(async () => {
  a = await startTestServer({ env: { SEED: 'demo' }, clock: clock() })
  b = await startTestServer({ clock: clock() })
  cookieA = await a.login()
  cookieB = await b.login()
  const upload = async (bytes: Uint8Array<ArrayBuffer>, type: string) => (await a.request('POST', '/api/admin/uploads', { raw: bytes, headers: { 'content-type': type }, cookie: cookieA })).body.url as string
  const [png, gif] = [await upload(PNG, 'image/png'), await upload(GIF, 'image/gif')]
  const post = (body: Record<string, unknown>) => a.request('POST', '/api/admin/posts', { body: postInput(body), cookie: cookieA })
  hostile = {
    title: `Colons: hashes # and "quotes" 'too'\nacross two lines`,
    summary: `--- a summary: with # and "quotes", and\na newline`,
    tags: ['c#', 'a: b', 'yes', '2024', 'null'],
    bodyMD: `---\ntitle: not front matter\n---\n\n![png](${png})\n\n## Heading\n\n\`\`\`ts\nconst x: string = '---'\n\`\`\`\n\n---\n\nThe end, after a rule.`,
    toc: true,
    createdAt: '2025-02-03T04:05:06.789Z',
    readingMinutes: 7,
  }
  for (const res of [
    await post(hostile),
    await post({ title: 'Scheduled ahead', status: 'scheduled', publishAt: '2026-07-01T09:00:00Z' }),
    await post({ title: 'Scheduled and due', status: 'scheduled', publishAt: '2026-05-01T09:00:00Z' }),
    await post({ title: 'Still a draft', status: 'draft' }),
    await a.request('POST', '/api/admin/projects', {
      body: projectInput({ title: 'With uploads', role: 'Lead: all of it', heroImage: png, gallery: [gif, 'https://example.com/x.png'], demoLinks: { 'demo: live': 'https://example.com' }, metrics: { 'p99 (ms)': 4.5, users: '1,200' }, order: 2.5 }),
      cookie: cookieA,
    }),
    await a.request('POST', '/api/admin/projects', { body: projectInput({ title: 'Project draft', status: 'draft' }), cookie: cookieA }),
  ]) {
    expect(res.status).toBe(201)
  }
  exported = (await exportZip(a, cookieA)).files
  imported = await importZip(b, cookieB, zip(exported))
}, 120_000)
afterAll(async () => {
  await a?.close()
  await b?.close()
})

const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

describe('the round trip', () => {
  test('the export holds every post and project as markdown and the uploads they name', () => {
    const paths = Object.keys(exported)
    expect(paths.filter((p) => p.startsWith('posts/')).length).toBe(rowsOf(a, 'posts').length)
    expect(paths.filter((p) => p.startsWith('projects/')).length).toBe(rowsOf(a, 'projects').length)
    expect(paths.filter((p) => p.startsWith('uploads/')).length).toBe(2)
    for (const path of paths) expect(path).toMatch(/^(posts|projects)\/[a-z0-9-]+\.md$|^uploads\/images\/[a-f0-9]{32}\.(png|gif)$/)
    const draft = decode(exported['projects/project-draft.md'])
    expect(draft).toStartWith('---\ntitle: Project draft\nslug: project-draft\n')
    expect(draft).toContain('\nstatus: draft\n')
  })

  test('an import into a fresh site creates everything and copies the uploads', () => {
    expect(imported.status).toBe(200)
    expect(imported.body).toEqual({
      posts: { created: rowsOf(a, 'posts').length, updated: 0 },
      projects: { created: rowsOf(a, 'projects').length, updated: 0 },
      uploads: { copied: 2, unchanged: 0 },
      skipped: [],
      warnings: [],
    })
  })

  test('exporting the imported site gives every file back byte for byte', async () => {
    const again = (await exportZip(b, cookieB)).files
    expect(Object.keys(again).sort()).toEqual(Object.keys(exported).sort())
    // The path goes along, so a failure names the file.
    for (const [path, bytes] of Object.entries(exported)) expect([path, again[path]] as unknown[]).toEqual([path, bytes])
  })

  test('every stored field is the same: text, rendered HTML, dates, publication, order', () => {
    expect(rowsOf(b, 'posts')).toEqual(rowsOf(a, 'posts'))
    expect(rowsOf(b, 'projects')).toEqual(rowsOf(a, 'projects'))
    // Imported rows are the owner's: none is marked as sample content.
    expect(b.conn.sqlite.query('SELECT count(*) AS n FROM posts WHERE sample = 1').get()).toEqual({ n: 0 })
    const due = rowsOf(b, 'posts').find((p) => p.title === 'Scheduled and due')!
    expect([due.status, due.publish_at]).toEqual(['scheduled', '2026-05-01T09:00:00.000Z'])
  })

  test('hostile YAML values come back exactly', async () => {
    const slug = rowsOf(b, 'posts').find((p) => String(p.title).startsWith('Colons'))!.slug
    const post = (await b.get(`/api/admin/posts`, { cookie: cookieB })).body.items.find((p: { slug: string }) => p.slug === slug)
    // Titles and summaries are one line (issue 32): their line breaks became spaces when saved.
    const oneLine = (key: 'title' | 'summary') => String(hostile[key]).replace(/\n/g, ' ')
    expect(post).toMatchObject({ ...hostile, title: oneLine('title'), summary: oneLine('summary'), updatedAt: hostile.createdAt })
    // The body's own `title: ...` over `---` is a setext heading, not front matter.
    expect(post.headings.map((h: { text: string }) => h.text)).toEqual(['title: not front matter', 'Heading'])
  })

  test('a second import updates in place and deletes nothing', async () => {
    const extra = await b.request('POST', '/api/admin/posts', { body: postInput({ title: 'Only on the new site' }), cookie: cookieB })
    expect(extra.status).toBe(201)
    const res = await importZip(b, cookieB, zip(exported))
    expect(res.body).toMatchObject({ posts: { created: 0, updated: rowsOf(a, 'posts').length }, uploads: { copied: 0, unchanged: 2 } })
    expect(rowsOf(b, 'posts').filter((p) => p.slug !== extra.body.slug)).toEqual(rowsOf(a, 'posts'))
    expect(rowsOf(b, 'posts').some((p) => p.slug === extra.body.slug)).toBe(true)
  })
})

describe('Hugo and Astro folders', () => {
  let c: TestServer
  let cookie: string
  beforeAll(async () => {
    c = await startTestServer({ clock: clock() })
    cookie = await c.login()
  })
  afterAll(() => c.close())
  const postsOf = async () => (await c.get('/api/admin/posts', { cookie })).body.items as Record<string, unknown>[]

  test('a zipped Hugo site imports its posts, bundle, draft and project; section pages and READMEs are skipped', async () => {
    const before = await c.get('/blog')
    expect(before.text).not.toContain('My First Hugo Post')
    // Zipped by macOS's Finder: one folder, and resource forks under __MACOSX.
    const zipped = { ...Object.fromEntries(Object.entries(HUGO_SITE).map(([p, v]) => [`my-hugo-site/${p}`, v])), '__MACOSX/my-hugo-site/content/posts/._my-first-hugo-post.md': '\u0000\u0005\u0016' }
    const res = await importZip(c, cookie, zip(zipped))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ posts: { created: 2, updated: 0 }, projects: { created: 1, updated: 0 } })
    expect(res.body.skipped.map((s: { path: string }) => s.path).sort()).toEqual(['README.md', 'content/posts/_index.md'])
    const posts = await postsOf()
    expect(posts.find((p) => p.slug === 'my-first-hugo-post')).toMatchObject({
      title: 'My First Hugo Post: a #1',
      summary: 'How the site started.',
      tags: ['hugo', 'go', 'Notes'],
      status: 'published',
      createdAt: '2024-01-15T09:00:00.000Z',
      updatedAt: '2024-02-01T08:00:00.000Z',
    })
    expect(posts.find((p) => p.slug === 'bundle-post')).toMatchObject({ title: 'A bundled draft', status: 'draft', summary: 'The first paragraph becomes the summary.', createdAt: '2024-03-01T09:30:00.000Z' })
    const project = (await c.get('/api/admin/projects', { cookie })).body.items[0]
    expect(project).toMatchObject({ slug: 'robot-arm', summary: 'A six-axis arm that sorts parts.', createdAt: '2023-05-01T00:00:00.000Z' })
    // The import dropped the cached blog page.
    expect((await c.get('/blog')).text).toContain('My First Hugo Post')
  })

  test('a zipped Astro site imports pubDate, updatedDate, description and drafts; MDX is skipped', async () => {
    const res = await importZip(c, cookie, zip(ASTRO_SITE))
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ posts: { created: 2, updated: 0 }, projects: { created: 0, updated: 0 } })
    expect(res.body.skipped).toEqual([{ path: 'src/content/blog/using-mdx.mdx', reason: 'MDX (markdown with components) is not imported' }])
    const posts = await postsOf()
    expect(posts.find((p) => p.slug === 'first-post')).toMatchObject({ summary: 'Lorem ipsum dolor sit amet', status: 'published', createdAt: '2022-07-08T00:00:00.000Z', updatedAt: '2022-07-10T00:00:00.000Z' })
    expect(posts.find((p) => p.slug === 'unfinished')).toMatchObject({ status: 'draft' })
  })
})

describe('refusals', () => {
  let c: TestServer
  let cookie: string
  beforeAll(async () => {
    c = await startTestServer({ clock: clock() })
    cookie = await c.login()
  })
  afterAll(() => c.close())
  const good = `---\ntitle: A good post\nsummary: Nothing wrong with this one.\n---\n\nA body that is long enough to be saved.\n`
  const pngName = () => Object.keys(exported).find((p) => p.endsWith('.png'))!

  test('one invalid file refuses the whole import, names the file and field, and writes nothing', async () => {
    const res = await importZip(c, cookie, zip({ 'posts/good.md': good, 'posts/bad.md': '---\ntitle: ""\nsummary: short\n---\n\nshort', [pngName()]: exported[pngName()]! }))
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Nothing was imported: 3 problems in 1 file.')
    expect(res.body.details.map((d: { path: string }) => d.path).sort()).toEqual(['posts/bad.md: body', 'posts/bad.md: summary', 'posts/bad.md: title'])
    expect(rowsOf(c, 'posts')).toEqual([])
    expect(existsSync(join(c.dataDir, pngName()))).toBe(false)
  })

  test('an upload whose name is taken by different bytes is refused, and nothing is written', async () => {
    const target = join(c.dataDir, pngName())
    mkdirSync(join(c.dataDir, 'uploads/images'), { recursive: true })
    writeFileSync(target, 'different bytes')
    const res = await importZip(c, cookie, zip({ 'posts/good.md': good, [pngName()]: exported[pngName()]!, 'uploads/images/photo.png': PNG }))
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { code: string }) => d.code).sort()).toEqual(['invalid_upload', 'upload_conflict'])
    expect(rowsOf(c, 'posts')).toEqual([])
  })

  test.each([
    ['a zip-slip entry', zip({ 'posts/good.md': good, '../escape.md': good }), 'application/zip', 400],
    ['an absolute entry', zip({ '/etc/escape.md': good }), 'application/zip', 400],
    ['a backslash entry', zip({ 'posts\\..\\..\\escape.md': good }), 'application/zip', 400],
    ['bytes that are not a zip', new TextEncoder().encode('just text, not a zip archive at all'), 'application/zip', 400],
    ['an empty zip', zip({}), 'application/zip', 400],
    ['JSON', new TextEncoder().encode('{"posts":[]}'), 'application/json', 415],
  ])('refuses %s', async (_, bytes, type, status) => {
    const res = await importZip(c, cookie, bytes, type)
    expect(res.status).toBe(status)
    expect(res.body.ok).toBe(false)
    expect(rowsOf(c, 'posts')).toEqual([])
  })

  test('signed out, neither endpoint answers', async () => {
    expect((await exportZip(c, null)).res.status).toBe(401)
    expect((await importZip(c, null, zip({ 'posts/good.md': good }))).status).toBe(401)
    expect(rowsOf(c, 'posts')).toEqual([])
  })

  test('the download is a dated zip attachment, never cached', async () => {
    const { res } = await exportZip(c, cookie)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="folio-content-2026-06-01.zip"')
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})
