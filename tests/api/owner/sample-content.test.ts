// "Remove sample content" over real HTTP (contract "Site settings"): exactly the seed's rows go,
// everything the owner created or edited stays, and the persona's untouched settings go blank.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { BLANK_SETTINGS } from '#src/contract/owner/settings'
import { postInput, projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
  cookie = await s.login()
})
afterAll(() => s.close())

const sampleCount = async () => {
  const res = await s.get('/api/admin/sample-content', { cookie })
  expect(res.status).toBe(200)
  return res.body.items as number
}

test('needs the admin session', async () => {
  expect((await s.get('/api/admin/sample-content')).status).toBe(401)
  expect((await s.request('DELETE', '/api/admin/sample-content')).status).toBe(401)
})

test('removes the seeded items only: an edited sample item and the owner\'s own stay', async () => {
  const posts = (await s.get('/api/posts?limit=100')).body.items as { slug: string }[]
  const projects = (await s.get('/api/projects')).body.items as { slug: string }[]
  const lexicon = (await s.get('/api/admin/skills/lexicon', { cookie })).body.items as unknown[]
  const overrides = (await s.get('/api/admin/skills/overrides', { cookie })).body.items as unknown[]
  expect(await sampleCount()).toBe(posts.length + projects.length + lexicon.length + overrides.length)

  // The owner edits one sample post, adds a post and a project, and renames the site.
  const kept = posts[0]!.slug
  const original = (await s.get(`/api/posts/${kept}`)).body
  const edited = await s.request('PUT', `/api/admin/posts/${kept}`, { cookie, body: { ...postInput(), title: original.title, slug: kept, summary: 'My own words about this, now.' } })
  expect(edited.status).toBe(200)
  const total = await sampleCount()
  expect(total).toBe(posts.length + projects.length + lexicon.length + overrides.length - 1)
  expect((await s.request('POST', '/api/admin/posts', { cookie, body: postInput({ slug: 'mine', status: 'published' }) })).status).toBe(201)
  expect((await s.request('POST', '/api/admin/projects', { cookie, body: projectInput({ slug: 'my-project', status: 'published' }) })).status).toBe(201)
  expect((await s.request('PUT', '/api/admin/settings', { cookie, body: { tagline: 'My own tagline.' } })).status).toBe(200)
  // The blog is cached with the sample posts in it.
  await s.get('/blog', { headers: { accept: 'text/html' } })

  const res = await s.request('DELETE', '/api/admin/sample-content', { cookie })
  expect(res.status).toBe(200)
  expect(res.body).toEqual({ ok: true, removed: total })
  expect(await sampleCount()).toBe(0)

  const left = ((await s.get('/api/posts?limit=100')).body.items as { slug: string }[]).map((p) => p.slug).sort()
  expect(left).toEqual([kept, 'mine'].sort())
  expect(((await s.get('/api/projects')).body.items as { slug: string }[]).map((p) => p.slug)).toEqual(['my-project'])
  expect((await s.get(`/api/posts/${posts[1]!.slug}`)).status).toBe(404)
  const blog = (await s.get('/blog', { headers: { accept: 'text/html' } })).text
  expect(blog).not.toContain(posts[1]!.slug)

  // The persona's settings are blank again; what the owner changed stays.
  const settings = (await s.get('/api/admin/settings', { cookie })).body
  expect(settings.siteName).toBe(BLANK_SETTINGS.siteName)
  expect(settings.links.github).toBeNull()
  expect(settings.quickTags).toEqual([])
  expect(settings.tagline).toBe('My own tagline.')
  expect((await s.get('/', { headers: { accept: 'text/html' } })).text).not.toContain('Rowan')

  // Nothing left to remove: a second removal removes nothing.
  expect((await s.request('DELETE', '/api/admin/sample-content', { cookie })).body).toEqual({ ok: true, removed: 0 })
})
