import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { LexiconItem, Skill, SkillOverride } from '#src/contract/skill'
import { projectInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string
beforeAll(async () => {
  s = await startTestServer()
  cookie = await s.login()
})
afterAll(() => s.close())

// Names unique per test, so tests share one server yet never depend on each other's data.
let n = 0
const uid = () => `zq${Date.now().toString(36)}${++n}`
const admin = (method: string, path: string, body?: unknown) => s.request(method, path, { cookie, ...(body === undefined ? {} : { body }) })
const LEX = '/api/admin/skills/lexicon'
const OVR = '/api/admin/skills/overrides'

const lexicon = async (): Promise<LexiconItem[]> => (await admin('GET', LEX)).body.items
const overrides = async (): Promise<SkillOverride[]> => (await admin('GET', OVR)).body.items
const skills = async (): Promise<Skill[]> => (await s.get('/api/skills')).body.skills
const skillNamed = async (name: string) => (await skills()).find((k) => k.name === name)
async function createItem(body: Partial<LexiconItem> = {}): Promise<LexiconItem> {
  const res = await admin('POST', LEX, { name: uid(), ...body })
  expect(res.status).toBe(201)
  return res.body.item
}
async function createProject(overrides: Parameters<typeof projectInput>[0]) {
  const res = await admin('POST', '/api/admin/projects', projectInput(overrides))
  expect(res.status).toBe(201)
  return res.body as { slug: string; title: string }
}

describe('GET /api/skills', () => {
  test.each(['', '?includeCounts=1', '?includeCounts=true', '?includeCounts=0', '?includeCounts=false', '?includeCounts='])(
    'answers 200 with related projects always included for %p',
    async (query) => {
      const item = await createItem({ tagHints: [] })
      const res = await s.get(`/api/skills${query}`)
      expect(res.status).toBe(200)
      expect(res.body.skills.find((k: Skill) => k.name === item.name)).toEqual({ name: item.name, level: 20, bucket: 'General', relatedProjects: [] })
    },
  )

  test.each(['yes', '2'])('rejects includeCounts=%p with 400 naming the field', async (value) => {
    const res = await s.get(`/api/skills?includeCounts=${value}`)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, error: 'Invalid input.', details: [{ path: 'includeCounts' }] })
  })

  test('reflects projects matching by tag and by text, in project display order', async () => {
    const hint = uid()
    const word = uid()
    const item = await createItem({ bucket: 'Hardware', tagHints: [hint], patterns: [word] })
    expect(await skillNamed(item.name)).toMatchObject({ level: 20, relatedProjects: [] })

    const tagged = await createProject({ tags: ['Other', hint.toUpperCase()] })
    expect(await skillNamed(item.name)).toEqual({ name: item.name, level: 40, bucket: 'Hardware', relatedProjects: [{ slug: tagged.slug, title: tagged.title }] })

    // Created later, so it has a higher order and comes first.
    const texted = await createProject({ bodyMD: `The body mentions ${word} once, and is long enough.` })
    expect(await skillNamed(item.name)).toMatchObject({ level: 50, relatedProjects: [{ slug: texted.slug }, { slug: tagged.slug }] })

    // A pattern inside a longer word is not a match.
    await createProject({ summary: `The summary says ${word}s only as a plural.` })
    expect((await skillNamed(item.name))!.level).toBe(50)

    expect((await admin('DELETE', `/api/admin/projects/${tagged.slug}`)).status).toBe(200)
    expect(await skillNamed(item.name)).toMatchObject({ level: 30, relatedProjects: [{ slug: texted.slug }] })
  })

  test('counts a project tagged with the skill name itself', async () => {
    const item = await createItem()
    const p = await createProject({ tags: [item.name.toUpperCase()] })
    expect(await skillNamed(item.name)).toMatchObject({ level: 40, relatedProjects: [{ slug: p.slug, title: p.title }] })
  })

  test('matches patterns made of punctuation such as c++ as whole phrases', async () => {
    const name = uid()
    const item = await createItem({ name, patterns: [`${name}++`] })
    await createProject({ summary: `Written in ${name.toUpperCase()}++ throughout.` })
    expect((await skillNamed(item.name))!.level).toBe(30)
  })

  test('follows lexicon edits: a pattern added counts, a disabled item disappears', async () => {
    const word = uid()
    await createProject({ title: `The ${word} project` })
    const item = await createItem()
    expect((await admin('PUT', `${LEX}/${item._id}`, { patterns: word })).status).toBe(200)
    expect((await skillNamed(item.name))!.level).toBe(30)
    expect((await admin('PUT', `${LEX}/${item._id}`, { enabled: false })).status).toBe(200)
    expect(await skillNamed(item.name)).toBeUndefined()
  })

  test('lists skills in lexicon order and follows a reorder', async () => {
    const [a, b, c] = [await createItem(), await createItem(), await createItem()]
    const names = async () => (await skills()).map((k) => k.name).filter((x) => [a!.name, b!.name, c!.name].includes(x))
    expect(await names()).toEqual([a!.name, b!.name, c!.name])
    expect((await admin('POST', `${LEX}/reorder`, { ids: [c!._id, a!._id, b!._id] })).status).toBe(200)
    expect(await names()).toEqual([c!.name, a!.name, b!.name])
  })

  test('applies overrides: level, bucket, hide, and back to computed once deleted', async () => {
    const item = await createItem({ bucket: 'Languages' })
    const path = `${OVR}/${encodeURIComponent(item.name.toUpperCase())}`
    expect((await admin('PUT', path, { levelOverride: 85, bucketOverride: 'Tools' })).status).toBe(200)
    expect(await skillNamed(item.name)).toMatchObject({ level: 85, bucket: 'Tools' })
    expect((await admin('PUT', path, { hide: true })).status).toBe(200)
    expect(await skillNamed(item.name)).toBeUndefined()
    expect((await admin('DELETE', path)).status).toBe(200)
    expect(await skillNamed(item.name)).toMatchObject({ level: 20, bucket: 'Languages' })
  })
})

describe('the admin skills paths without a session', () => {
  test.each([
    ['GET', LEX],
    ['POST', LEX],
    ['PUT', `${LEX}/some-id`],
    ['DELETE', `${LEX}/some-id`],
    ['POST', `${LEX}/reorder`],
    ['GET', OVR],
    ['PUT', `${OVR}/React`],
    ['DELETE', `${OVR}/React`],
  ])('%s %s answers 401', async (method, path) => {
    const res = await s.request(method, path, method === 'GET' ? {} : { body: {} })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ ok: false, error: 'Not signed in.' })
  })

  test('a write refused with 401 changes nothing', async () => {
    const item = await createItem()
    const name = uid()
    const before = [await lexicon(), await overrides()]
    await s.request('POST', LEX, { body: { name: uid() } })
    await s.request('PUT', `${LEX}/${item._id}`, { body: { name: 'Changed' } })
    await s.request('DELETE', `${LEX}/${item._id}`)
    await s.request('POST', `${LEX}/reorder`, { body: { ids: [item._id] } })
    await s.request('PUT', `${OVR}/${name}`, { body: { hide: true } })
    expect([await lexicon(), await overrides()]).toEqual(before)
  })
})

describe('the skills of the demo content', () => {
  let demo: TestServer
  beforeAll(async () => {
    demo = await startTestServer({ env: { SEED: 'demo' } })
  })
  afterAll(() => demo.close())

  test('carry the seeded overrides and link only to real projects', async () => {
    const list: Skill[] = (await demo.get('/api/skills?includeCounts=1')).body.skills
    const slugs = new Set((await demo.get('/api/projects')).body.items.map((p: { slug: string }) => p.slug))
    expect(list.find((k) => k.name === 'CUDA')?.level).toBe(90)
    expect(list.find((k) => k.name === 'Verilog')?.bucket).toBe('Languages')
    expect(list.some((k) => k.relatedProjects.length > 0)).toBe(true)
    for (const k of list) {
      expect(k.level).toBeWithin(0, 101)
      for (const p of k.relatedProjects) expect(slugs.has(p.slug)).toBe(true)
    }
  })
})
