// One structured log line per request, with nothing secret in it.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '#src/config'
import { createLogger } from '#src/lib/logger'
import { startServer, type RunningServer } from '#src/server'

let server: RunningServer
let lines: Record<string, unknown>[] = []

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-log-'))
  const config = loadConfig({ DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', SEED: 'none', TRUST_PROXY: '1' }, dir)
  server = await startServer(config, { log: createLogger('info', (line) => lines.push(JSON.parse(line))) })
})
afterAll(() => server.stop())

async function logged(path: string, init: RequestInit = {}) {
  lines = []
  await (await fetch(server.url + path, { ...init, headers: { 'x-forwarded-for': '203.0.113.77', ...init.headers } })).arrayBuffer()
  // The line is written after the response: give the server its turn.
  for (let i = 0; i < 50 && !lines.some((l) => l.msg === 'request'); i++) await Bun.sleep(5)
  return lines.filter((l) => l.msg === 'request')
}

test.each([
  ['GET', '/api/health', 200, '/api/health'],
  ['GET', '/api/projects?search=secret-words', 200, '/api/projects'],
  ['GET', '/api/projects/nope', 404, '/api/projects/nope'],
  ['GET', '/api/admin/me', 401, '/api/admin/me'],
  ['GET', '/api/resume/0123456789abcdef0123456789abcdef', 404, '/api/resume/:token'],
  ['GET', '/resume/0123456789abcdef0123456789abcdef', 200, '/resume/:token'],
  ['GET', '/no-such-page', 404, '/no-such-page'],
])('%s %s is one line with status %i and path %s', async (method, path, status, shown) => {
  const [line, ...more] = await logged(path, { method })
  expect(more).toEqual([])
  expect(line).toMatchObject({ level: 'info', method, path: shown, status, net: '203.0.113.0/24' })
  expect(typeof line!.ms).toBe('number')
  expect(JSON.stringify(line)).not.toContain('203.0.113.77')
})

test('a malformed body is logged with its 400 and no body content', async () => {
  const [line] = await logged('/api/contact', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":"who@example.com"' })
  expect(line).toMatchObject({ method: 'POST', path: '/api/contact', status: 400 })
  expect(JSON.stringify(line)).not.toContain('who@example.com')
})

test('a login attempt never logs the credentials', async () => {
  const [line] = await logged('/api/admin/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x@example.com', password: 'hunter2-secret' }) })
  expect(line).toMatchObject({ path: '/api/admin/login', status: 401 })
  expect(JSON.stringify(lines)).not.toContain('hunter2-secret')
})

test('no capability in a URL reaches the log: preview, resume and setup links, token-like query parameters', async () => {
  const secret = (c: string) => c.repeat(43)
  const visits: [string, RequestInit?][] = [
    [`/preview/post.1.4102444800000.${secret('P')}`],
    [`/preview/project.2.4102444800000.${secret('Q')}/`],
    [`/resume/${secret('R')}`],
    [`/api/resume/${secret('S')}`],
    [`/api/resume/${secret('T')}`, { method: 'POST' }],
    [`//resume/${secret('U')}`],
    [`/admin/setup?token=${secret('V')}`],
    [`/api/posts?key=${secret('W')}&signature=${secret('X')}`],
  ]
  const all: Record<string, unknown>[] = []
  for (const [path, init] of visits) all.push(...(await logged(path, init)))
  expect(all.length).toBe(visits.length)
  const text = JSON.stringify(all)
  expect([...'PQRSTUVWX'].filter((c) => text.includes(secret(c)))).toEqual([])
  expect(all.map((l) => l.path)).toContain('/preview/:token')
})
