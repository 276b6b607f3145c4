// Drafts, scheduled items, preview links and tables of contents (issue 6, item 5): a draft or a
// not-yet-due item is on no public surface; a scheduled item appears at its time (injected clock),
// cached pages included; a preview link opens a draft privately until it expires.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { PUBLICATION_MESSAGES } from '#src/contract/publication'
import { exportSite } from '#src/cli/export-site'
import { HOUR, manualClock } from '#src/lib/clock'
import { postInput, projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { exportDeps, exportDirName } from '#tests/support/data/site-export'

const SITE = 'https://rowan.example'
const clock = manualClock(new Date('2026-11-20T09:00:00.000Z'))
let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo', SITE_URL: SITE }, clock })
  cookie = await s.login()
}, 30_000)
afterAll(() => s.close())

/** Moves the clock; a session lasts hours, so sign in again. */
async function advance(ms: number) {
  clock.advance(ms)
  cookie = await s.login()
}

const html = async (path: string) => {
  const res = await fetch(s.url + path)
  return { status: res.status, text: await res.text(), headers: res.headers }
}
const createPost = async (overrides: Parameters<typeof postInput>[0]) => {
  const res = await s.request('POST', '/api/admin/posts', { cookie, body: postInput(overrides) })
  expect(res.status).toBe(201)
  return res.body
}
const createProject = async (overrides: Parameters<typeof projectInput>[0]) => {
  const res = await s.request('POST', '/api/admin/projects', { cookie, body: projectInput(overrides) })
  expect(res.status).toBe(201)
  return res.body
}
const publicPostSlugs = async (query = '') => ((await s.get(`/api/posts?limit=100${query}`)).body.items as { slug: string }[]).map((p) => p.slug)
const publicProjectSlugs = async (query = '') => ((await s.get(`/api/projects?${query}`)).body.items as { slug: string }[]).map((p) => p.slug)

/** Every public surface that could show a post, as text. */
async function publicPostSurfaces(tag: string) {
  return [
    JSON.stringify((await s.get('/api/posts?limit=100')).body),
    (await html('/')).text,
    (await html('/blog')).text,
    (await html(`/blog?tag=${tag}`)).text,
    (await html('/feed.xml')).text,
    (await html('/feed.json')).text,
    (await html('/sitemap.xml')).text,
  ]
}

describe('a draft post', () => {
  test('is on no public surface: lists, its page, search, feeds, the sitemap, neighbours; the admin lists it as a draft', async () => {
    const newest = (await s.get('/api/posts?limit=1')).body.items[0]
    const draft = await createPost({ title: 'Quokka field notes', tags: ['quokka-only'], bodyMD: 'The body mentions the word wombatish, searched for below.', status: 'draft', createdAt: '2026-11-19T00:00:00.000Z' })
    expect(draft.status).toBe('draft')
    expect(draft.publishAt).toBeUndefined()

    for (const surface of await publicPostSurfaces('quokka-only')) {
      expect(surface).not.toContain(draft.slug)
      expect(surface).not.toContain('Quokka field notes')
    }
    expect(await publicPostSlugs('&search=wombatish')).toEqual([])
    expect(await publicPostSlugs('&search=Quokka')).toEqual([])
    expect(await publicPostSlugs('&search=qu')).not.toContain(draft.slug)
    expect((await s.get(`/api/posts/${draft.slug}`)).status).toBe(404)
    expect((await html(`/blog/${draft.slug}`)).status).toBe(404)
    expect((await html('/blog/tag/quokka-only/feed.xml')).status).toBe(404)
    // It is dated newest of all, yet the newest public post still has no newer neighbour.
    expect((await s.get(`/api/posts/${newest.slug}`)).body.prev).toBeNull()

    const admin = (await s.get('/api/admin/posts', { cookie })).body.items as { slug: string; status: string }[]
    expect(admin.find((p) => p.slug === draft.slug)?.status).toBe('draft')
    expect(admin.filter((p) => p.status === 'published').map((p) => p.slug)).toEqual(await publicPostSlugs())
  })

  test('a save without a status keeps it a draft; publishing dates it now, with no "Updated"', async () => {
    const draft = await createPost({ title: 'Kept back', status: 'draft' })
    await advance(3 * 24 * HOUR)
    const resaved = await s.request('PUT', `/api/admin/posts/${draft.slug}`, { cookie, body: postInput({ title: 'Kept back', slug: draft.slug }) })
    expect(resaved.body.status).toBe('draft')
    await advance(2 * 24 * HOUR)
    const published = await s.request('PUT', `/api/admin/posts/${draft.slug}`, { cookie, body: { ...postInput({ title: 'Kept back', slug: draft.slug }), status: 'published' } })
    expect(published.body.status).toBe('published')
    expect(published.body.createdAt).toBe(clock.now().toISOString())
    expect(await publicPostSlugs()).toContain(draft.slug)
    const page = await html(`/blog/${draft.slug}`)
    expect(page.status).toBe(200)
    expect(page.text).not.toContain('class="post-updated"')
  })
})

describe('a draft project', () => {
  test('is on no public surface: lists, search, its page, the home page, skills, the sitemap', async () => {
    const draft = await createProject({ title: 'Secret capybara rig', tags: ['Rust', 'capybara-tag'], bodyMD: 'A body about Rust and the capybaric sensor, long enough to pass.', status: 'draft' })
    expect(draft.status).toBe('draft')
    expect(await publicProjectSlugs()).not.toContain(draft.slug)
    expect(await publicProjectSlugs('search=capybaric')).toEqual([])
    expect(await publicProjectSlugs('tag=capybara-tag')).toEqual([])
    expect((await s.get(`/api/projects/${draft.slug}`)).status).toBe(404)
    expect((await html(`/projects/${draft.slug}`)).status).toBe(404)
    for (const path of ['/', '/projects', '/skills', '/sitemap.xml']) expect((await html(path)).text).not.toContain(draft.slug)
    expect(JSON.stringify((await s.get('/api/skills')).body)).not.toContain(draft.slug)
    const admin = (await s.get('/api/admin/projects', { cookie })).body.items as { slug: string; status: string }[]
    expect(admin.find((p) => p.slug === draft.slug)?.status).toBe('draft')
  })

  test('drafts are left out of a static export', async () => {
    const post = await createPost({ title: 'Export-shy post', status: 'draft' })
    const project = await createProject({ title: 'Export-shy project', status: 'draft' })
    const deps = exportDeps(s.dataDir)
    const dir = exportDirName()
    try {
      await exportSite(deps, dir)
    } finally {
      deps.close()
    }
    expect(existsSync(join(dir, 'blog', post.slug))).toBe(false)
    expect(existsSync(join(dir, 'projects', project.slug))).toBe(false)
    expect(existsSync(join(dir, 'blog', 'index.html'))).toBe(true)
    for (const file of ['blog/index.html', 'projects/index.html', 'index.html', 'feed.xml', 'sitemap.xml']) {
      const text = readFileSync(join(dir, file), 'utf8')
      expect(text).not.toContain('Export-shy')
    }
  })
})

describe('a scheduled item', () => {
  test('appears at its publish time everywhere, cached pages included, dated by it', async () => {
    const at = new Date(clock.now().getTime() + 2 * HOUR).toISOString()
    const cachedBlog = await fetch(`${s.url}/blog`).then((r) => r.text())
    const cachedAnswer = await fetch(`${s.url}/blog`)
    expect(cachedAnswer.headers.get('x-cache')).toBe('HIT')
    const post = await createPost({ title: 'Timed marmot essay', tags: ['marmot-tag'], status: 'scheduled', publishAt: at })
    const project = await createProject({ title: 'Timed marmot rig', status: 'scheduled', publishAt: at })
    expect(post).toMatchObject({ status: 'scheduled', publishAt: at, createdAt: at })
    expect(project).toMatchObject({ status: 'scheduled', publishAt: at })
    expect(cachedBlog).not.toContain('Timed marmot essay')

    // Pages cached now must not outlive the publish time.
    expect((await html('/blog')).text).not.toContain('Timed marmot essay')
    expect((await html('/projects')).text).not.toContain('Timed marmot rig')
    expect((await fetch(`${s.url}/blog`)).headers.get('x-cache')).toBe('HIT')
    for (const surface of await publicPostSurfaces('marmot-tag')) expect(surface).not.toContain('Timed marmot')
    // A search page's tag chips come from the full list, kept between renders (src/web/kept-lists.ts).
    expect((await html('/blog?search=no-such-words-1')).text).not.toContain('>marmot-tag<')

    await advance(2 * HOUR - 1)
    expect(await publicPostSlugs()).not.toContain(post.slug)
    expect((await html('/blog')).text).not.toContain('Timed marmot essay')

    await advance(1)
    // NOTE: a new render, whether this request's own (MISS) or the background rewarm's that it
    // waited for (HIT on a loaded machine): the cached page did not outlive the publish time.
    const blog = await fetch(`${s.url}/blog`)
    expect(blog.headers.get('etag')).not.toBe(cachedAnswer.headers.get('etag'))
    expect(await blog.text()).toContain('Timed marmot essay')
    expect((await html('/projects')).text).toContain('Timed marmot rig')
    expect((await html(`/blog/${post.slug}`)).status).toBe(200)
    expect((await s.get(`/api/posts/${post.slug}`)).body).toMatchObject({ status: 'published', createdAt: at })
    expect(await publicPostSlugs()).toContain(post.slug)
    expect(await publicProjectSlugs()).toContain(project.slug)
    for (const surface of await publicPostSurfaces('marmot-tag')) expect(surface).toContain(post.slug)
    expect((await html('/blog?search=no-such-words-2')).text).toContain('>marmot-tag<')
    expect((await html('/blog/tag/marmot-tag/feed.json')).status).toBe(200)
  })

  test('needs a publish time; bad statuses and times are refused with the field named', async () => {
    const missing = await s.request('POST', '/api/admin/posts', { cookie, body: postInput({ status: 'scheduled' }) })
    expect(missing.status).toBe(400)
    expect(missing.body.details).toContainEqual(expect.objectContaining({ path: 'publishAt', message: PUBLICATION_MESSAGES.publishAtRequired }))
    const badStatus = await s.request('POST', '/api/admin/projects', { cookie, body: { ...projectInput(), status: 'hidden' } })
    expect(badStatus.status).toBe(400)
    expect(badStatus.body.details).toContainEqual(expect.objectContaining({ path: 'status', message: PUBLICATION_MESSAGES.status }))
    const badTime = await s.request('POST', '/api/admin/posts', { cookie, body: postInput({ status: 'scheduled', publishAt: 'tomorrow' }) })
    expect(badTime.status).toBe(400)
    expect(badTime.body.details).toContainEqual(expect.objectContaining({ path: 'publishAt', message: PUBLICATION_MESSAGES.publishAt }))
    const badToc = await s.request('POST', '/api/admin/posts', { cookie, body: { ...postInput(), toc: 'yes' } })
    expect(badToc.status).toBe(400)
    expect(badToc.body.details).toContainEqual(expect.objectContaining({ path: 'toc', message: PUBLICATION_MESSAGES.toc }))
  })
})

describe('preview links', () => {
  const link = (body: unknown, withCookie: string | null = cookie) => s.request('POST', '/api/admin/preview-links', { cookie: withCookie, body })

  test('open a draft post privately: banner, noindex, no-store, no script, until the link expires', async () => {
    const draft = await createPost({ title: 'Preview-only lemur post', status: 'draft' })
    const made = await link({ kind: 'post', slug: draft.slug, hours: 2 })
    expect(made.status).toBe(201)
    expect(made.body.url).toStartWith(`${SITE}/preview/`)
    expect(made.body.expiresAt).toBe(new Date(clock.now().getTime() + 2 * HOUR).toISOString())
    const path = new URL(made.body.url).pathname

    const page = await html(path)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Private preview: this page is not public.')
    expect(page.text).toContain('<h1>Preview-only lemur post</h1>')
    expect(page.text).toContain('<meta name="robots" content="noindex">')
    expect(page.text).not.toContain('<script type="module"')
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('x-robots-tag')).toBe('noindex')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    // Opening it twice works (not one-time), and it does not make the draft public.
    expect((await html(path)).status).toBe(200)
    expect((await html(`/blog/${draft.slug}`)).status).toBe(404)

    // A renamed slug keeps the link working (it names the post by id).
    await s.request('PUT', `/api/admin/posts/${draft.slug}`, { cookie, body: postInput({ title: 'Preview-only lemur post', slug: `${draft.slug}-renamed` }) })
    expect((await html(path)).status).toBe(200)

    await advance(2 * HOUR)
    const expired = await html(path)
    expect(expired.status).toBe(404)
    expect(expired.text).not.toContain('lemur')
  })

  test('a forged, altered or revoked link opens nothing', async () => {
    const draft = await createProject({ title: 'Preview-only tapir rig', status: 'draft' })
    const made = await link({ kind: 'project', slug: draft.slug })
    expect(made.body.expiresAt).toBe(new Date(clock.now().getTime() + 72 * HOUR).toISOString())
    const path = new URL(made.body.url).pathname
    const page = await html(path)
    expect(page.status).toBe(200)
    expect(page.text).toContain('Preview-only tapir rig')

    const token = path.split('/').pop()!
    const [kind, id, expires, sig] = token.split('.')
    const altered = [
      `${kind}.${id}.${Number(expires) + HOUR}.${sig}`,
      `post.${id}.${expires}.${sig}`,
      `${kind}.${Number(id) + 1}.${expires}.${sig}`,
      `${kind}.${id}.${expires}.${sig!.slice(0, -1)}${sig!.endsWith('A') ? 'B' : 'A'}`,
      'garbage',
      `${kind}.${id}.${expires}`,
    ]
    for (const t of altered) {
      const res = await html(`/preview/${t}`)
      expect(res.status).toBe(404)
      expect(res.text).not.toContain('tapir')
    }
    expect((await s.request('DELETE', '/api/admin/preview-links', { cookie })).status).toBe(200)
    expect((await html(path)).status).toBe(404)
    // A new link works again under the new key.
    expect((await html(new URL((await link({ kind: 'project', slug: draft.slug })).body.url).pathname)).status).toBe(200)
  })

  test('are for the admin only, for an item that exists, with hours from 1 to 720', async () => {
    expect((await link({ kind: 'post', slug: 'anything' }, null)).status).toBe(401)
    expect((await link({ kind: 'post', slug: 'no-such-post' })).status).toBe(404)
    for (const body of [{ kind: 'page', slug: 'x' }, { kind: 'post', slug: 'x', hours: 0 }, { kind: 'post', slug: 'x', hours: 721 }, { kind: 'post', slug: 'x', extra: 1 }, { kind: 'post' }]) {
      expect((await link(body)).status).toBe(400)
    }
  })
})

describe('table of contents', () => {
  const body = '## First part\n\nSome words here.\n\n### A detail & more\n\nMore words.\n\n## Second `part`\n\nThe end of the body.'

  test('a post with toc on lists its h2 and h3 headings, linked to their anchors', async () => {
    const post = await createPost({ title: 'Contents demo', bodyMD: body, toc: true })
    const read = (await s.get(`/api/posts/${post.slug}`)).body
    expect(read.toc).toBe(true)
    expect(read.headings).toEqual([
      { depth: 2, id: 'first-part', text: 'First part' },
      { depth: 3, id: 'a-detail-more', text: 'A detail & more' },
      { depth: 2, id: 'second-part', text: 'Second part' },
    ])
    for (const h of read.headings) expect(read.bodyHtml).toContain(`id="${h.id}"`)
    const page = (await html(`/blog/${post.slug}`)).text
    expect(page).toContain('<nav class="toc" aria-labelledby="toc-heading"><h2 id="toc-heading">Contents</h2>')
    expect(page).toContain('<a href="#a-detail-more">A detail &amp; more</a>')
  })

  test('off by default, and a save without it keeps the stored choice', async () => {
    const post = await createPost({ title: 'No contents', bodyMD: body })
    expect(post).toMatchObject({ toc: false, headings: [] })
    expect((await html(`/blog/${post.slug}`)).text).not.toContain('toc-heading')
    const on = await s.request('PUT', `/api/admin/posts/${post.slug}`, { cookie, body: { ...postInput({ title: 'No contents', slug: post.slug, bodyMD: body }), toc: 'true' } })
    expect(on.body.toc).toBe(true)
    const kept = await s.request('PUT', `/api/admin/posts/${post.slug}`, { cookie, body: postInput({ title: 'No contents', slug: post.slug, bodyMD: body }) })
    expect(kept.body.toc).toBe(true)
    expect(kept.body.headings).toHaveLength(3)
  })
})
