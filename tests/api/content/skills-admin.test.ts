import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { LexiconItem, SkillOverride } from '#src/contract/skill'
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
async function createItem(body: Partial<LexiconItem> = {}): Promise<LexiconItem> {
  const res = await admin('POST', LEX, { name: uid(), ...body })
  expect(res.status).toBe(201)
  return res.body.item
}
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('the lexicon', () => {
  test('creates an item from an empty body with the defaults of spec section 7, last in order', async () => {
    const top = Math.max(0, ...(await lexicon()).map((i) => i.order))
    const res = await admin('POST', LEX, {})
    expect(res.status).toBe(201)
    expect(res.body.item).toEqual({ _id: expect.stringMatching(UUID), name: 'New Skill', bucket: 'General', patterns: [], tagHints: [], enabled: true, order: top + 10 })
    expect(await lexicon()).toContainEqual(res.body.item)
    expect((await admin('DELETE', `${LEX}/${res.body.item._id}`)).status).toBe(200)
  })

  test('creates an item from every field, splitting comma-separated lists', async () => {
    const name = uid()
    const res = await admin('POST', LEX, { name: ` ${name} `, bucket: ' GPU ', patterns: 'cuda, , opencl ', tagHints: [' CUDA ', ''], enabled: false, order: 5 })
    expect(res.body.item).toMatchObject({ name, bucket: 'GPU', patterns: ['cuda', 'opencl'], tagHints: ['CUDA'], enabled: false, order: 5 })
  })

  test('lists every item, disabled ones too, by order ascending', async () => {
    const late = await createItem({ order: 1e9 + 2 })
    const early = await createItem({ order: 1e9 + 1, enabled: false })
    const items = await lexicon()
    expect(items.map((i) => i.order)).toEqual(items.map((i) => i.order).sort((a, b) => a - b))
    expect(items.slice(-2).map((i) => i._id)).toEqual([early._id, late._id])
  })

  test.each([
    ['a one-letter name', { name: 'a' }, 'name', 'Min 2 characters'],
    ['a name short once trimmed', { name: '  a  ' }, 'name', 'Min 2 characters'],
    ['a numeric name', { name: 42 }, 'name', 'Min 2 characters'],
    ['a 61-character name', { name: 'x'.repeat(61) }, 'name', undefined],
    ['a blank bucket', { bucket: '  ' }, 'bucket', 'Bucket is required.'],
    ['a non-boolean enabled', { enabled: 'yes' }, 'enabled', undefined],
    ['a non-numeric order', { order: 'first' }, 'order', undefined],
    ['51 patterns', { patterns: Array.from({ length: 51 }, (_, i) => `p${i}`) }, 'patterns', undefined],
    ['a 101-character tag hint', { tagHints: ['x'.repeat(101)] }, 'tagHints.0', undefined],
  ])('rejects %s on create and update and changes nothing', async (_label, body, path, message) => {
    const item = await createItem()
    const before = await lexicon()
    for (const [method, url] of [['POST', LEX], ['PUT', `${LEX}/${item._id}`]] as const) {
      const res = await admin(method, url, body)
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('Invalid input.')
      expect(res.body.details[0].path).toBe(path)
      if (message) expect(res.body.details[0].message).toBe(message)
    }
    expect(await lexicon()).toEqual(before)
  })

  test('updates only the fields given', async () => {
    const item = await createItem({ bucket: 'Tools', patterns: ['vite'], tagHints: ['Vite'], order: 77 })
    const res = await admin('PUT', `${LEX}/${item._id}`, { name: 'Vite Renamed', tagHints: [] })
    expect(res.status).toBe(200)
    expect(res.body.item).toEqual({ ...item, name: 'Vite Renamed', tagHints: [] })
    expect(await lexicon()).toContainEqual(res.body.item)
    expect((await admin('PUT', `${LEX}/${item._id}`, {})).body.item).toEqual(res.body.item)
  })

  test.each([['PUT', { name: 'Fine name' }], ['DELETE', undefined]])('%s of an unknown id answers 404', async (method, body) => {
    const res = await admin(method, `${LEX}/no-such-id`, body)
    expect(res.status).toBe(404)
    expect(res.body).toEqual({ ok: false, error: 'Lexicon item not found.' })
  })

  test('deletes an item, then answers 404 for it', async () => {
    const item = await createItem()
    expect((await admin('DELETE', `${LEX}/${item._id}`)).body).toEqual({ ok: true })
    expect((await lexicon()).some((i) => i._id === item._id)).toBe(false)
    expect((await admin('DELETE', `${LEX}/${item._id}`)).status).toBe(404)
  })
})

describe('the lexicon reorder', () => {
  test('gives listed ids orders 10, 20, 30 and puts unlisted items after them', async () => {
    const [a, b, c] = [await createItem(), await createItem(), await createItem()]
    const others = (await lexicon()).filter((i) => ![a!._id, b!._id, c!._id].includes(i._id)).map((i) => i._id)
    const res = await admin('POST', `${LEX}/reorder`, { ids: [c!._id, a!._id, b!._id] })
    expect(res.body).toEqual({ ok: true })
    const items = await lexicon()
    expect(items.map((i) => i._id)).toEqual([c!._id, a!._id, b!._id, ...others])
    expect(items.map((i) => i.order)).toEqual(items.map((_, i) => (i + 1) * 10))
  })

  test('rejects unknown ids, naming each, and changes nothing', async () => {
    const a = await createItem()
    const before = await lexicon()
    const res = await admin('POST', `${LEX}/reorder`, { ids: ['ghost-1', a._id, 'ghost-2'] })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Unknown lexicon item ids.')
    expect(res.body.details.map((d: { message: string }) => d.message)).toEqual(['No lexicon item has the id "ghost-1".', 'No lexicon item has the id "ghost-2".'])
    expect(await lexicon()).toEqual(before)
  })

  test('rejects an id listed twice, naming it, and changes nothing', async () => {
    const [a, b] = [await createItem(), await createItem()]
    const before = await lexicon()
    const res = await admin('POST', `${LEX}/reorder`, { ids: [a._id, b._id, a._id] })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ error: 'Each id may appear only once.', details: [{ message: `The id "${a._id}" is listed more than once.`, path: 'ids' }] })
    expect(await lexicon()).toEqual(before)
  })

  test.each([
    ['an empty id list', { ids: [] }],
    ['a missing id list', {}],
    ['numeric ids', { ids: [1, 2] }],
    ['ids as a string', { ids: 'a,b' }],
  ])('rejects %s with 400 and changes nothing', async (_label, body) => {
    await createItem({ order: 3 })
    const before = await lexicon()
    const res = await admin('POST', `${LEX}/reorder`, body)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ ok: false, error: 'Invalid input.' })
    expect(res.body.details[0].path).toStartWith('ids')
    expect(await lexicon()).toEqual(before)
  })

  test('explains an empty id list', async () => {
    expect((await admin('POST', `${LEX}/reorder`, { ids: [] })).body.details[0].message).toBe('ids must list at least one item.')
  })
})

describe('the overrides', () => {
  test('creates an override from a name alone with no change to the skill', async () => {
    const name = uid()
    const res = await admin('PUT', `${OVR}/${name}`, {})
    expect(res.status).toBe(200)
    expect(res.body.item).toEqual({ name, levelOverride: null, bucketOverride: null, hide: false })
    expect(await overrides()).toContainEqual(res.body.item)
  })

  test('takes the URL-decoded name from the path', async () => {
    const name = `C++ ${uid()} / 100%`
    const res = await admin('PUT', `${OVR}/${encodeURIComponent(name)}`, { hide: true })
    expect(res.body.item).toEqual({ name, levelOverride: null, bucketOverride: null, hide: true })
    expect((await admin('DELETE', `${OVR}/${encodeURIComponent(name)}`)).body).toEqual({ ok: true })
  })

  test.each([
    [150, 100],
    [-3, 0],
    [42.4, 42],
    ['64', 64],
    ['', null],
    [null, null],
  ])('stores a level of %p as %p', async (levelOverride, stored) => {
    const res = await admin('PUT', `${OVR}/${uid()}`, { levelOverride })
    expect(res.body.item.levelOverride).toBe(stored)
  })

  test.each([
    ['  Tools ', 'Tools'],
    ['', null],
    ['   ', null],
    [null, null],
  ])('stores a bucket of %p as %p', async (bucketOverride, stored) => {
    const res = await admin('PUT', `${OVR}/${uid()}`, { bucketOverride })
    expect(res.body.item.bucketOverride).toBe(stored)
  })

  test('keeps fields not given on update, keyed by the name whatever its case', async () => {
    const name = uid()
    await admin('PUT', `${OVR}/${name}`, { levelOverride: 70, bucketOverride: 'Boards' })
    const res = await admin('PUT', `${OVR}/${name.toUpperCase()}`, { hide: true })
    expect(res.body.item).toEqual({ name: name.toUpperCase(), levelOverride: 70, bucketOverride: 'Boards', hide: true })
    expect((await overrides()).filter((o) => o.name.toLowerCase() === name)).toEqual([res.body.item])
    const cleared = await admin('PUT', `${OVR}/${name}`, { levelOverride: null, hide: false })
    expect(cleared.body.item).toEqual({ name, levelOverride: null, bucketOverride: 'Boards', hide: false })
  })

  test('lists overrides sorted by name, case-insensitively', async () => {
    const base = uid()
    for (const name of [`${base}-b`, `${base}-C`, `${base}-A`]) await admin('PUT', `${OVR}/${name}`, {})
    const names = (await overrides()).map((o) => o.name)
    expect(names.filter((x) => x.startsWith(base))).toEqual([`${base}-A`, `${base}-b`, `${base}-C`])
    const keys = names.map((x) => x.toLowerCase())
    expect(keys).toEqual([...keys].sort())
  })

  test.each([
    ['a one-letter name', 'a', {}, 'name', 'Enter a skill name (min 2 chars).'],
    ['a name short once trimmed', '%20a%20', {}, 'name', 'Enter a skill name (min 2 chars).'],
    ['a 61-character name', 'x'.repeat(61), {}, 'name', 'Skill names are at most 60 characters.'],
    ['a word as level', 'Valid name', { levelOverride: 'high' }, 'levelOverride', 'Level must be a number.'],
    ['a boolean level', 'Valid name', { levelOverride: true }, 'levelOverride', 'Level must be a number.'],
    ['a non-boolean hide', 'Valid name', { hide: 'yes' }, 'hide', undefined],
    ['a 61-character bucket', 'Valid name', { bucketOverride: 'x'.repeat(61) }, 'bucketOverride', undefined],
  ])('rejects %s and changes nothing', async (_label, name, body, path, message) => {
    const before = await overrides()
    const res = await admin('PUT', `${OVR}/${name}`, body)
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Invalid input.')
    expect(res.body.details[0].path).toBe(path)
    if (message) expect(res.body.details[0].message).toBe(message)
    expect(await overrides()).toEqual(before)
  })

  test.each(['PUT', 'DELETE'])('%s rejects a badly encoded name with 400 and changes nothing', async (method) => {
    const before = await overrides()
    const res = await admin(method, `${OVR}/bad%E0name`, method === 'PUT' ? {} : undefined)
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ ok: false, error: 'The skill name in the URL is not validly encoded.' })
    expect(await overrides()).toEqual(before)
  })

  test('deletes an override whatever the case of the name, then answers 404 for it', async () => {
    const name = uid()
    await admin('PUT', `${OVR}/${name}`, { levelOverride: 10 })
    expect((await admin('DELETE', `${OVR}/${name.toUpperCase()}`)).body).toEqual({ ok: true })
    expect((await overrides()).some((o) => o.name === name)).toBe(false)
    const again = await admin('DELETE', `${OVR}/${name}`)
    expect(again.status).toBe(404)
    expect(again.body).toEqual({ ok: false, error: 'Override not found.' })
  })
})
