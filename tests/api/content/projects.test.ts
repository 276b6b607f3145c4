import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CONTENT_MESSAGES } from '#src/contract/input/content-fields'
import { projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
const create = (body: unknown) => s.request('POST', '/api/admin/projects', { cookie, body })
const slugsOf = (res: { body: { items: { slug: string }[] } }) => res.body.items.map((p) => p.slug)

beforeAll(async () => {
  s = await startTestServer()
  cookie = await s.login()
  // A few projects every test may rely on, whatever order the tests run in.
  for (let i = 0; i < 3; i++) await create(projectInput())
})
afterAll(() => s.close())

describe('creating projects', () => {
  test('creates a project with a slug from its title and every field of spec section 3', async () => {
    const res = await create(
      projectInput({
        title: 'Señor FPGA Scope',
        role: 'Lead',
        tags: ' FPGA, VHDL ,, fpga ',
        heroImage: '/media/scope.svg',
        gallery: '/a.png\n\n https://cdn.example/b.png ',
        demoLinks: JSON.stringify({ embedPath: '/demo/dapp', video: 'https://youtu.be/abc', empty: '', n: 5 }),
        metrics: { users: 1200, uptime: '99.9%', blank: '', nope: null, nan: 'NaN' } as Record<string, unknown> as Record<string, number>,
      }),
    )
    expect(res.status).toBe(201)
    const p = res.body
    expect(p.slug).toBe('senor-fpga-scope')
    expect(p.tags).toEqual(['FPGA', 'VHDL'])
    expect(p.gallery).toEqual(['/a.png', 'https://cdn.example/b.png'])
    expect(p.demoLinks).toEqual({ embedPath: '/demo/dapp', video: 'https://youtu.be/abc' })
    expect(p.metrics).toEqual({ users: 1200, uptime: '99.9%', nan: 'NaN' })
    expect(p.role).toBe('Lead')
    expect(p.bodyHtml).toContain('<h2')
    expect(typeof p.order).toBe('number')
    expect(Date.parse(p.createdAt)).not.toBeNaN()
    const read = await s.get(`/api/projects/${p.slug}`)
    expect(read.status).toBe(200)
    // The public read adds how pages show its images (issue 22); none of these is an upload.
    const { media, ...stored } = read.body
    expect(stored).toEqual(p)
    expect(media).toEqual({ hero: { src: '/media/scope.svg', sources: [] }, gallery: [{ src: '/a.png', sources: [] }, { src: 'https://cdn.example/b.png', sources: [] }] })
  })

  test('omits empty optional values', async () => {
    const res = await create(projectInput({ role: '  ', heroImage: '' }))
    expect(res.status).toBe(201)
    expect('role' in res.body).toBe(false)
    expect('heroImage' in res.body).toBe(false)
  })

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a missing title', { title: '' }, CONTENT_MESSAGES.title],
    ['a blank title', { title: '   ' }, CONTENT_MESSAGES.title],
    ['a short summary', { summary: 'too short' }, CONTENT_MESSAGES.summary],
    ['a short body', { bodyMD: 'nineteen characters' }, CONTENT_MESSAGES.body],
    ['demo links that are not JSON', { demoLinks: '{demo: x}' }, CONTENT_MESSAGES.demoLinksJson],
    ['demo links that are an array', { demoLinks: ['https://x.example'] }, CONTENT_MESSAGES.demoLinksObject],
    ['a javascript: demo link', { demoLinks: { demo: 'javascript:alert(1)' } }, CONTENT_MESSAGES.demoLinksUnsafe],
    ['metrics that are not JSON', { metrics: 'users: 5' }, CONTENT_MESSAGES.metricsJson],
    ['metrics that are a number', { metrics: 5 }, CONTENT_MESSAGES.metricsObject],
    ['a hero image with a data: URL', { heroImage: 'data:image/png;base64,xx' }, CONTENT_MESSAGES.url],
    ['tags of the wrong type', { tags: 5 }, 'Invalid input: expected array, received number'],
  ]
  test.each(invalid)('rejects %s with the spec message and stores nothing', async (_name, overrides, message) => {
    const before = await s.get('/api/admin/projects', { cookie })
    const res = await create({ ...projectInput(), ...overrides })
    expect(res.status).toBe(400)
    expect(res.body.ok).toBe(false)
    expect(res.body.error).toBe('Invalid input.')
    expect(res.body.details.map((d: { message: string }) => d.message)).toContain(message)
    const after = await s.get('/api/admin/projects', { cookie })
    expect(after.body.items.length).toBe(before.body.items.length)
  })

  test('reports every failing rule at once', async () => {
    const res = await create({ title: '', summary: 'x', bodyMD: 'y' })
    const messages = res.body.details.map((d: { message: string }) => d.message)
    expect(messages).toEqual(expect.arrayContaining([CONTENT_MESSAGES.title, CONTENT_MESSAGES.summary, CONTENT_MESSAGES.body]))
    expect(res.body.details.map((d: { path: string }) => d.path)).toEqual(expect.arrayContaining(['title', 'summary', 'bodyMD']))
  })

  test('a taken slug is 409', async () => {
    expect((await create(projectInput({ slug: 'taken-slug' }))).status).toBe(201)
    const again = await create(projectInput({ title: 'Taken Slug' }))
    expect(again.status).toBe(409)
    expect(again.body.error).toContain('taken-slug')
  })
})

describe('reading projects', () => {
  test('filters by tag (any case) and searches title, summary and tags case-insensitively', async () => {
    await create(projectInput({ title: 'Quasar Renderer', tags: ['WebGPU'], summary: 'Ray marching for the browser.' }))
    await create(projectInput({ title: 'Plain thing', tags: ['Quasartag'], summary: 'Nothing else to see here.' }))
    expect(slugsOf(await s.get('/api/projects?tag=webgpu'))).toEqual(['quasar-renderer'])
    expect(slugsOf(await s.get('/api/projects?search=QUASAR')).sort()).toEqual(['plain-thing', 'quasar-renderer'])
    expect(slugsOf(await s.get('/api/projects?search=ray%20marching'))).toEqual(['quasar-renderer'])
    expect(slugsOf(await s.get('/api/projects?search=quasar&tag=WEBGPU'))).toEqual(['quasar-renderer'])
  })

  test('ignores empty query values and the cache-busting parameter', async () => {
    const all = await s.get('/api/projects')
    expect((await s.get('/api/projects?search=&tag=&_=123')).body).toEqual(all.body)
  })

  test('treats LIKE wildcards in a search as plain text', async () => {
    expect(slugsOf(await s.get('/api/projects?search=%25'))).toEqual([])
    expect(slugsOf(await s.get('/api/projects?search=_'))).toEqual([])
  })

  test('lists only slug, title, summary and tags', async () => {
    const item = (await s.get('/api/projects')).body.items[0]
    expect(Object.keys(item).sort()).toEqual(['slug', 'summary', 'tags', 'title'])
  })

  test('an unknown slug is 404', async () => {
    const res = await s.get('/api/projects/no-such-project')
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ ok: false, error: 'Project not found.' })
  })
})

describe('editing, reordering and deleting', () => {
  test('PUT replaces the project and may change its slug', async () => {
    const { body: p } = await create(projectInput({ title: 'Before Rename' }))
    const res = await s.request('PUT', `/api/admin/projects/${p.slug}`, { cookie, body: projectInput({ title: 'After Rename', tags: ['React'] }) })
    expect(res.status).toBe(200)
    expect(res.body.slug).toBe('after-rename')
    expect(res.body.order).toBe(p.order)
    expect((await s.get(`/api/projects/${p.slug}`)).status).toBe(404)
    expect(slugsOf(await s.get('/api/projects?tag=react'))).toContain('after-rename')
  })

  test('PUT onto another project\'s slug is 409 and an unknown slug 404', async () => {
    const { body: a } = await create(projectInput())
    const { body: b } = await create(projectInput())
    expect((await s.request('PUT', `/api/admin/projects/${a.slug}`, { cookie, body: projectInput({ slug: b.slug }) })).status).toBe(409)
    expect((await s.request('PUT', '/api/admin/projects/ghost', { cookie, body: projectInput() })).status).toBe(404)
  })

  test('new projects come first, and reorder sets order to list length minus index', async () => {
    const { body: newest } = await create(projectInput())
    expect(slugsOf(await s.get('/api/projects'))[0]).toBe(newest.slug)
    const current = slugsOf(await s.get('/api/projects'))
    const wanted = [...current].reverse()
    const res = await s.request('POST', '/api/admin/projects/reorder', { cookie, body: { slugs: wanted } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true })
    expect(slugsOf(await s.get('/api/projects'))).toEqual(wanted)
    const full = (await s.get('/api/admin/projects', { cookie })).body.items as { slug: string; order: number }[]
    expect(full.map((p) => p.order)).toEqual(wanted.map((_, i) => wanted.length - i))
  })

  test('reorder with an unknown or repeated slug is 400 and changes nothing', async () => {
    const before = slugsOf(await s.get('/api/projects'))
    const unknown = await s.request('POST', '/api/admin/projects/reorder', { cookie, body: { slugs: [before[1], 'ghost'] } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.details[0].message).toContain('ghost')
    const repeated = await s.request('POST', '/api/admin/projects/reorder', { cookie, body: { slugs: [before[0], before[0]] } })
    expect(repeated.status).toBe(400)
    expect((await s.request('POST', '/api/admin/projects/reorder', { cookie, body: { slugs: [] } })).status).toBe(400)
    expect(slugsOf(await s.get('/api/projects'))).toEqual(before)
  })

  test('DELETE removes the project; a second DELETE is 404', async () => {
    const { body: p } = await create(projectInput())
    expect((await s.request('DELETE', `/api/admin/projects/${p.slug}`, { cookie })).body).toEqual({ ok: true })
    expect((await s.get(`/api/projects/${p.slug}`)).status).toBe(404)
    expect((await s.request('DELETE', `/api/admin/projects/${p.slug}`, { cookie })).status).toBe(404)
  })

  test('the admin list returns full projects', async () => {
    const res = await s.get('/api/admin/projects', { cookie })
    expect(res.status).toBe(200)
    expect(res.body.items[0]).toHaveProperty('bodyMD')
    expect(res.body.items[0]).toHaveProperty('metrics')
  })
})
