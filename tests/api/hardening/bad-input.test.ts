// Bad input of any kind gets a 4xx in the contract's error shape, never a 500, and changes nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { join } from 'node:path'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
let cookie: string

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) })
const HOSTILE_BODIES: [string, unknown][] = [
  ['an array', [1, 2, 3]],
  ['a number', 42],
  ['a string', 'hello'],
  ['null', null],
  ['wrong types everywhere', { title: {}, summary: [], bodyMD: 7, tags: { a: 1 }, slugs: 'x', ids: 5, name: 12, email: true, message: [], reason: 3, archived: 'yes', path: 5, email2: null, password: {}, levelOverride: 'high', address: 1, signature: [] }],
  ['huge strings', { title: 'x'.repeat(20_000), name: 'y'.repeat(20_000), message: 'z'.repeat(20_000), path: '/'.repeat(20_000) }],
  ['deep nesting', deep(500)],
  ['prototype keys', JSON.parse('{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}')],
]

// Every writable endpoint, with ids that exist nowhere.
const WRITES: [string, string, boolean][] = [
  ['POST', '/api/contact', false],
  ['POST', '/api/analytics/pv', false],
  ['POST', '/api/tx', false],
  ['POST', '/api/demo/link-wallet', false],
  ['POST', '/api/admin/login', false],
  ['POST', '/api/admin/projects', true],
  ['PUT', '/api/admin/projects/no-such-project', true],
  ['POST', '/api/admin/projects/reorder', true],
  ['POST', '/api/admin/posts', true],
  ['PUT', '/api/admin/posts/no-such-post', true],
  ['PATCH', '/api/admin/messages/no-such-id/archive', true],
  ['POST', '/api/admin/skills/lexicon', true],
  ['PUT', '/api/admin/skills/lexicon/no-such-id', true],
  ['POST', '/api/admin/skills/lexicon/reorder', true],
  ['PUT', '/api/admin/skills/overrides/Some%20Skill', true],
]

const UNKNOWN_IDS: [string, string][] = [
  ['GET', '/api/projects/no-such-project'],
  ['GET', '/api/posts/no-such-post'],
  ['GET', '/api/resume/no-such-token'],
  ['POST', '/api/resume/no-such-token'],
  ['GET', '/api/tx/0x1234'],
  ['DELETE', '/api/admin/projects/no-such-project'],
  ['DELETE', '/api/admin/posts/no-such-post'],
  ['DELETE', '/api/admin/messages/no-such-id'],
  ['DELETE', '/api/admin/skills/lexicon/no-such-id'],
  ['DELETE', '/api/admin/skills/overrides/no-such-skill'],
]

const BAD_QUERIES = [
  '/api/posts?limit=abc',
  '/api/posts?limit=1&limit=1000',
  '/api/projects?search=' + 'q'.repeat(5000),
  '/api/admin/messages?page=-1',
  '/api/admin/messages?status=deleted',
  '/api/admin/analytics/summary?from=2026-13-40&to=2026-01-01',
  '/api/admin/analytics/summary?days=0',
  '/api/skills?includeCounts=maybe',
]

function snapshot(): Record<string, number> {
  const db = new Database(join(s.dataDir, 'folio.db'), { readonly: true })
  const tables = (db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]).map((t) => t.name)
  const counts = Object.fromEntries(tables.map((t) => [t, (db.query(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n]))
  db.close()
  return counts
}

const expectClientError = (res: { status: number; body: { ok?: boolean; error?: string }; text: string }) => {
  expect(res.status).toBeGreaterThanOrEqual(400)
  expect(res.status).toBeLessThan(500)
  expect(res.body.ok).toBe(false)
  expect(typeof res.body.error).toBe('string')
  expect(res.text).not.toMatch(/at .*\.ts:\d+|stack/i)
}

beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
  cookie = await s.login()
})
afterAll(() => s.close())

describe('hostile bodies', () => {
  test.each(WRITES)('%s %s answers every hostile body with a 4xx and changes nothing', async (method, path, admin) => {
    for (const [, body] of HOSTILE_BODIES) {
      const before = snapshot()
      const res = await s.request(method, path, { body, cookie: admin ? cookie : null })
      expectClientError(res)
      expect(snapshot()).toEqual(before)
    }
  })

  test.each(WRITES)('%s %s answers malformed JSON with 400', async (method, path, admin) => {
    const res = await s.request(method, path, { raw: '{"a": [1, 2', headers: { 'content-type': 'application/json' }, cookie: admin ? cookie : null })
    expect(res.status).toBe(400)
    expectClientError(res)
  })
})

describe('unknown ids and bad queries', () => {
  test.each(UNKNOWN_IDS)('%s %s is 404', async (method, path) => {
    const before = snapshot()
    const res = await s.request(method, path, { cookie })
    expect(res.status).toBe(404)
    expectClientError(res)
    expect(snapshot()).toEqual(before)
  })

  test.each(BAD_QUERIES)('%s is a 4xx, not a 500', async (path) => {
    const res = await s.get(path, { cookie })
    expectClientError(res)
  })
})

describe('misspelt fields', () => {
  test.each([
    ['PUT', '/api/admin/skills/overrides/React', { levelOveride: 90 }],
    ['POST', '/api/admin/skills/lexicon', { nmae: 'Zig' }],
    ['PUT', '/api/admin/skills/lexicon/any-id', { enabeld: false }],
    ['POST', '/api/tx', { ammount: 5 }],
  ])('%s %s reports an unknown key instead of silently ignoring it', async (method, path, body) => {
    const before = snapshot()
    const res = await s.request(method, path, { body, cookie })
    expect(res.status).toBe(400)
    expect(res.body.details[0].code).toBe('unrecognized_keys')
    expect(snapshot()).toEqual(before)
  })
})
