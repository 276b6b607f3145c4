// Fuzzing (issue 10, item 4): every /api route gets arbitrary and hostile requests, signed in and
// signed out: any JSON, wrong types, bodies up to a little past 1 MiB, nesting 150 000 deep,
// UTF-16, BOMs, broken UTF-8, NUL bytes, wrong or missing Content-Type, forms, empty bodies, odd
// query strings, path segments and spellings. Every answer: no 5xx, no stack trace, the
// contract's error shape, no admin answer without a session; and a refused request (4xx) leaves
// every table of the database as it was. Replay a failure with the seed and path it prints:
// FUZZ_SEED=<seed> FUZZ_PATH=<path> bun test ./tests/api/hardening/fuzz.test.ts -t '<test name>'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parseSiteOrigin } from '#src/contract/site-origin'
import { createSession } from '#src/features/auth/service'
import { sessionCookieName } from '#src/features/auth/session-cookie'
import { systemClock } from '#src/lib/clock'
import { wantsHtml } from '#src/features/resume/visitor-page'
import { ADMIN_ROUTES } from '#tests/support/data/admin-routes'
import { ANSWER_DEADLINE_MS, fuzzSeed } from '#tests/support/data/fuzz-edges'
import { bodyArb, databaseWatch, headerArb, pathSuffix, queryArb, respelt, segmentArb, send, type Answer, type BodySpec } from '#tests/support/data/fuzz'
import { ADMIN, startTestServer, type TestServer } from '#tests/support/server/server'
import { REPO_ROOT } from '#tests/support/repo-root'

type Known = Record<'projects' | 'posts' | 'messages' | 'lexicon' | 'skills' | 'links' | 'txs' | 'backups' | 'demo' | 'statsTokens', string[]>
type Route = {
  method: string
  path: string
  /** A valid body; the fuzzer starts from it, so validation past the first field is reached too. */
  body?: (k: Known) => Record<string, unknown>
  params?: Record<string, keyof Known>
  query?: string[]
  upload?: true
  /** contract.md: a valid link whose resume file is missing answers 503 (this server has none). */
  allow503?: true
  /** A browser's request (Accept: text/html, a form post) is answered with an HTML page, status kept. */
  htmlForBrowsers?: true
  runs?: number
  /** Requests the fuzzer once failed with, sent signed in before the random ones on every run. */
  found?: { path: string; body?: BodySpec }[]
}

const project = {
  ...{ title: 'Fuzzed project', summary: 'A project the fuzzer wrote.', role: 'Lead', tags: ['fuzz'], bodyMD: '## Fuzz\n\nA body long enough to be saved.' },
  ...{ heroImage: '/media/x.svg', gallery: ['https://example.com/a.png'], demoLinks: { demo: 'https://example.com' }, metrics: { users: 12 }, order: 3 },
}
const post = { title: 'Fuzzed post', summary: 'A post the fuzzer wrote.', tags: ['fuzz'], bodyMD: 'A body long enough to be saved, with `code`.', readingMinutes: 3, createdAt: '2026-01-02T03:04:05Z' }
const lexiconItem = { name: 'Fuzzing', bucket: 'Testing', patterns: ['fuzz'], tagHints: ['test'], enabled: true, order: 5 }
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const asJson = (value: unknown): BodySpec => ({ kind: 'json', value, type: 'application/json' })
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31]

// Every /api route: collected from the route modules (src/features/*/routes.ts, messages-routes.ts,
// file-routes.ts, events-route.ts; auth's paths sit under its '/api/admin' prefix) and from
// tests/support/data/admin-routes.ts. The first test fails when a module declares a path missing here.
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/projects', query: ['search', 'tag', '_'] },
  { method: 'GET', path: '/api/projects/:slug', params: { slug: 'projects' } },
  { method: 'GET', path: '/api/posts', query: ['search', 'tag', 'limit'] },
  { method: 'GET', path: '/api/posts/:slug', params: { slug: 'posts' } },
  { method: 'GET', path: '/api/skills', query: ['includeCounts'] },
  { method: 'POST', path: '/api/contact', body: () => ({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'A message from the fuzzer.', reason: 'general' }) },
  { method: 'POST', path: '/api/analytics/pv', body: () => ({ path: '/blog?tag=fuzz', referrer: 'https://example.org/' }) },
  { method: 'POST', path: '/api/analytics/ping', query: ['goal'] },
  { method: 'GET', path: '/api/resume/:token', params: { token: 'links' }, htmlForBrowsers: true },
  { method: 'POST', path: '/api/resume/:token', params: { token: 'links' }, allow503: true, htmlForBrowsers: true },
  { method: 'GET', path: '/api/tokens', query: ['ts'] },
  { method: 'POST', path: '/api/tx', body: () => ({ to: ADDRESS, amount: '1.5' }) },
  { method: 'GET', path: '/api/tx/:id', params: { id: 'txs' } },
  { method: 'POST', path: '/api/demo/login' },
  { method: 'POST', path: '/api/demo/link-wallet', body: (k) => ({ address: ADDRESS, signature: '0x' + '1b'.repeat(65), token: k.demo[0] }) },
  { method: 'GET', path: '/api/demo/events', query: ['lastEventId'] },
  // Each well-formed login costs an argon2 verify; the admin's email gets locked out (by design).
  { method: 'POST', path: '/api/admin/login', body: () => ({ email: ADMIN.email, password: 'not the password' }), runs: 25 },
  { method: 'GET', path: '/api/admin/me' },
  { method: 'GET', path: '/api/admin/session' },
  // Public, like login: an admin exists on this server, so a setup is 400, 403, 409 or 429, never a change.
  { method: 'GET', path: '/api/admin/setup' },
  { method: 'POST', path: '/api/admin/setup', body: () => ({ token: 'x'.repeat(43), email: 'owner@example.com', password: 'a first-run passphrase' }) },
  { method: 'GET', path: '/api/admin/analytics/summary', query: ['days', 'all', 'from', 'to', 'path', 'referrer', 'browser', 'utmCampaign'] },
  { method: 'GET', path: '/api/admin/analytics/export', query: ['panel', 'format', 'days', 'from', 'to', 'entry', 'os'] },
  { method: 'GET', path: '/api/admin/analytics/live' },
  { method: 'GET', path: '/api/admin/analytics/tokens' },
  { method: 'POST', path: '/api/admin/analytics/tokens', body: () => ({ name: 'fuzz' }) },
  { method: 'DELETE', path: '/api/admin/analytics/tokens/:id', params: { id: 'statsTokens' } },
  { method: 'GET', path: '/api/stats/summary', query: ['days', 'all', 'from', 'to', 'device'] },
  { method: 'GET', path: '/api/stats/export', query: ['panel', 'format', 'days'] },
  { method: 'GET', path: '/api/admin/messages', query: ['status', 'page', 'limit', 'search'] },
  { method: 'GET', path: '/api/admin/messages/export', query: ['email'] },
  { method: 'PATCH', path: '/api/admin/messages/:id/archive', params: { id: 'messages' }, body: () => ({ archived: true }) },
  { method: 'GET', path: '/api/admin/projects' },
  { method: 'POST', path: '/api/admin/projects', body: () => project },
  { method: 'PUT', path: '/api/admin/projects/:slug', params: { slug: 'projects' }, body: () => project },
  { method: 'POST', path: '/api/admin/projects/reorder', body: (k) => ({ slugs: k.projects }) },
  { method: 'GET', path: '/api/admin/posts' },
  { method: 'POST', path: '/api/admin/posts', body: () => post },
  { method: 'PUT', path: '/api/admin/posts/:slug', params: { slug: 'posts' }, body: () => post },
  { method: 'POST', path: '/api/admin/preview', body: () => ({ markdown: '# Hi\n\n```ts\nconst a = 1\n```\n\n<img src=x onerror=alert(1)>' }), runs: 30 },
  { method: 'POST', path: '/api/admin/preview-links', body: (k) => ({ kind: 'post', slug: k.posts[0], hours: 24 }) },
  { method: 'POST', path: '/api/admin/resume/sign-url' },
  { method: 'GET', path: '/api/admin/resume/links' },
  { method: 'GET', path: '/api/admin/resume/file' },
  // A trailing slash skips the body plugin's exact-path upload check: a JSON "upload" reaches the handler.
  { method: 'POST', path: '/api/admin/resume/file', upload: true, found: [{ path: '/api/admin/resume/file/', body: asJson({ type: 'application/pdf', bytes: PDF }) }] },
  { method: 'POST', path: '/api/admin/uploads', upload: true, found: [{ path: '/api/admin/uploads/' }, { path: '/api/admin/uploads/', body: asJson({ type: 'image/png', bytes: PNG }) }] },
  // A zip of every post and project (deflated markdown: binary to the leak checks).
  { method: 'GET', path: '/api/admin/content/export', runs: 10 },
  // Raw zip bytes only: anything else is 415, bytes that are not a zip 400.
  { method: 'POST', path: '/api/admin/content/import', upload: true },
  { method: 'GET', path: '/api/admin/skills/lexicon' },
  { method: 'POST', path: '/api/admin/skills/lexicon', body: () => lexiconItem },
  { method: 'POST', path: '/api/admin/skills/lexicon/reorder', body: (k) => ({ ids: k.lexicon }) },
  { method: 'PUT', path: '/api/admin/skills/lexicon/:id', params: { id: 'lexicon' }, body: () => lexiconItem },
  { method: 'GET', path: '/api/admin/skills/overrides' },
  { method: 'GET', path: '/api/admin/settings' },
  { method: 'PUT', path: '/api/admin/settings', body: () => ({ siteName: 'Fuzzed site', tagline: 'A tagline.', links: { github: 'https://github.com/fuzz', email: 'fuzz@example.com' }, intros: { blog: 'Notes.' }, quickTags: ['fuzz'], accent: '#3366cc', defaultTheme: 'light', demoEnabled: true, about: 'About **me**.' }) },
  { method: 'GET', path: '/api/admin/sample-content' },
  { method: 'POST', path: '/api/admin/messages/opened' },
  { method: 'GET', path: '/api/admin/notifications' },
  { method: 'POST', path: '/api/admin/notifications/test' },
  { method: 'PUT', path: '/api/admin/skills/overrides/:name', params: { name: 'skills' }, body: () => ({ name: 'React', levelOverride: 50, bucketOverride: 'Core', hide: false }) },
  // A path suffix of '/.%00' lands on /api/admin/backups/:name, whose bug is below.
  { method: 'GET', path: '/api/admin/backups', found: [{ path: '/api/admin/backups/.%00' }] },
  // Each one writes a compressed copy of the database.
  { method: 'POST', path: '/api/admin/backups', runs: 10 },
  // The name goes to Bun.file() before it is checked: a NUL byte or a path past PATH_MAX throws.
  { method: 'GET', path: '/api/admin/backups/:name', params: { name: 'backups' }, found: [{ path: '/api/admin/backups/x%00y' }, { path: '/api/admin/backups/' + 'a'.repeat(4100) }] },
  // Sign-in methods (issue 23): no passkey or second factor exists here, so every answer is a
  // refusal or a read; a passkey sign-in answer never verifies (no challenge, no credential).
  { method: 'POST', path: '/api/admin/login/passkey/options' },
  { method: 'POST', path: '/api/admin/login/passkey', body: () => ({ response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' } } }), runs: 25 },
  { method: 'GET', path: '/api/admin/security' },
  { method: 'PUT', path: '/api/admin/security/password-sign-in', body: () => ({ enabled: false }) },
  { method: 'POST', path: '/api/admin/passkeys/options' },
  { method: 'POST', path: '/api/admin/passkeys', body: () => ({ name: 'Fuzzed key', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', attestationObject: 'AAAA' } } }) },
  { method: 'PATCH', path: '/api/admin/passkeys/:id', params: { id: 'messages' }, body: () => ({ name: 'Renamed' }) },
  { method: 'DELETE', path: '/api/admin/passkeys/:id', params: { id: 'messages' } },
  { method: 'POST', path: '/api/admin/totp/setup' },
  { method: 'POST', path: '/api/admin/totp/enable', body: () => ({ code: '123456' }) },
  { method: 'POST', path: '/api/admin/totp/disable', body: () => ({ code: '123456' }) },
  { method: 'POST', path: '/api/admin/totp/recovery-codes', body: () => ({ code: 'abcde-fghij' }) },
  { method: 'DELETE', path: '/api/admin/sessions/others' },
  // Re-authentication (decision 063): a wrong password or answer is the session's 400, then its 429.
  { method: 'POST', path: '/api/admin/reauth', body: () => ({ password: 'not the password' }) },
  { method: 'POST', path: '/api/admin/reauth/passkey/options' },
  { method: 'POST', path: '/api/admin/reauth/passkey', body: () => ({ response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {}, response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' } } }) },
  // Last, so the seeded rows they may delete have served the routes above first.
  { method: 'DELETE', path: '/api/admin/sample-content' },
  { method: 'POST', path: '/api/admin/messages/erase', body: () => ({ email: 'grace@example.com' }) },
  { method: 'DELETE', path: '/api/admin/messages/:id', params: { id: 'messages' } },
  { method: 'DELETE', path: '/api/admin/projects/:slug', params: { slug: 'projects' } },
  { method: 'DELETE', path: '/api/admin/posts/:slug', params: { slug: 'posts' } },
  { method: 'DELETE', path: '/api/admin/skills/lexicon/:id', params: { id: 'lexicon' } },
  { method: 'DELETE', path: '/api/admin/skills/overrides/:name', params: { name: 'skills' } },
  { method: 'DELETE', path: '/api/admin/resume/file' },
  { method: 'DELETE', path: '/api/admin/preview-links' },
  { method: 'POST', path: '/api/admin/logout' },
  // Not a route: any method on any /api path, real paths with methods they lack or spelt oddly.
  { method: '*', path: '/api/*' },
]

const RUNS = { anonymous: 50, 'signed in': 50, 'signed out': 12 }
// FUZZ_SCALE=10 runs ten times as many cases (a longer campaign than the test suite's).
const SCALE = Number(process.env.FUZZ_SCALE ?? 1)
// NOTE: Bun's fetch sends a method it does not know as GET, so only known ones are listed.
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND']
// Tables a refused request may change: the analytics ones only, because their writes land a second
// after the hits they count (in batches, src/features/analytics/collector.ts), during whatever
// request is being checked. What a refused request counts is tested in tests/api/analytics/.
// (The login throttle, the rate limits and the demo live in memory.)
const EXCLUDED_TABLES = new Set(['analytics_hits', 'analytics_daily', 'analytics_salts'])

let s: TestServer
let cookie: string
let known: Known
let contentDigest: () => string
let nextIp = 0
const stats = { requests: 0, serverErrors: 0, stackTraces: 0, changes: 0, endpoints: new Set<string>() }
// FUZZ_VERBOSE=1 also prints how often each endpoint answered each status (what the fuzzer reaches).
const statuses = new Map<string, Record<number, number>>()

beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo', TRUST_PROXY: '1' } })
  cookie = await s.login()
  const column = (sql: string) => (s.conn.sqlite.query(sql).values() as unknown[][]).map((row) => String(row[0]))
  const admin = { cookie, headers: { origin: s.url } }
  await s.request('POST', '/api/contact', { body: { name: 'Grace Hopper', email: 'grace@example.com', message: 'A message to archive and delete.', reason: 'general' } })
  // A link needs a file to be signed; without it afterwards, a valid link answers 503 (allow503).
  const resumePdf = join(s.dataDir, 'uploads', 'resume.pdf')
  mkdirSync(dirname(resumePdf), { recursive: true })
  writeFileSync(resumePdf, '%PDF-1.4\n%%EOF\n')
  const links = await Promise.all([1, 2].map(() => s.request('POST', '/api/admin/resume/sign-url', admin)))
  rmSync(resumePdf)
  const txs = await Promise.all([1, 2].map((i) => s.request('POST', '/api/tx', { body: {}, headers: { 'x-forwarded-for': `192.0.2.${i}` } })))
  known = {
    projects: column('SELECT slug FROM projects'),
    posts: column('SELECT slug FROM posts'),
    messages: column('SELECT id FROM contact_messages'),
    lexicon: column('SELECT id FROM lexicon_items'),
    skills: ((await s.get('/api/skills')).body.skills as { name: string }[]).slice(0, 10).map((x) => x.name),
    links: links.map((r) => String(r.body.url).split('/').pop()!),
    txs: txs.map((r) => String(r.body.id)),
    backups: [String((await s.request('POST', '/api/admin/backups', admin)).body.name)],
    demo: [String((await s.request('POST', '/api/demo/login')).body.token)],
    statsTokens: [String((await s.request('POST', '/api/admin/analytics/tokens', { ...admin, body: { name: 'fuzz' } })).body.id)],
  }
  contentDigest = databaseWatch(s.conn.sqlite, EXCLUDED_TABLES)
  // The first server of a process seeds its template database, highlighting every code block.
}, 60_000)

afterAll(async () => {
  if (process.env.FUZZ_VERBOSE) for (const [name, counts] of statuses) console.log(name, JSON.stringify(counts))
  console.log(`fuzz (seed ${replay.seed}): ${stats.requests} requests to ${stats.endpoints.size} endpoints, ${stats.serverErrors} server errors, ${stats.stackTraces} stack traces, ${stats.changes} changes on rejection`)
  await s?.close()
})

test('the route list covers every /api route the route modules declare, and nothing else', () => {
  const declared = new Set<string>()
  for (const file of new Bun.Glob('src/**/*.ts').scanSync(REPO_ROOT)) {
    const text = readFileSync(join(REPO_ROOT, file), 'utf8')
    if (!text.includes('new Elysia')) continue
    // A .group() prefix would hide its paths from this scan.
    expect(text).not.toMatch(/\.group\(/)
    const prefix = /prefix:\s*['"`]([^'"`]*)['"`]/.exec(text)?.[1] ?? ''
    for (const [, method, path] of text.matchAll(/\.(get|post|put|patch|delete|all|route)\(\s*['"`](\/[^'"`]*)['"`]/g)) {
      if ((prefix + path).startsWith('/api')) declared.add(`${method!.toUpperCase()} ${prefix + path}`)
    }
  }
  const listed = new Set(ROUTES.filter((r) => r.method !== '*').map((r) => `${r.method} ${r.path}`))
  expect([...declared].filter((r) => !listed.has(r))).toEqual([])
  expect([...listed].filter((r) => !declared.has(r))).toEqual([])
  const matches = (template: string, path: string) => new RegExp('^' + template.replace(/:\w+/g, '[^/]+') + '$').test(path)
  expect(ADMIN_ROUTES.filter(([m, p]) => !p.endsWith('/not-a-route') && !ROUTES.some((r) => r.method === m && matches(r.path, p)))).toEqual([])
})

type Mode = keyof typeof RUNS
/** `forwarded` is noise put before the fresh right-most X-Forwarded-For hop each request gets. */
type Case = { method: string; path: string; body: BodySpec | null; headers: Record<string, string>; forwarded: string }

/** The /api/admin paths anyone may call (src/features/auth/admin-boundary.ts). */
const PUBLIC_ADMIN = ['/api/admin/login', '/api/admin/setup', '/api/admin/session']
const isAdmin = (r: Route) => r.method === '*' || (r.path.startsWith('/api/admin/') && !PUBLIC_ADMIN.includes(r.path))
const hasBody = (method: string) => !['GET', 'HEAD'].includes(method)

function caseArb(route: Route, mode: Mode): fc.Arbitrary<Case> {
  const params = fc.record(Object.fromEntries(Object.entries(route.params ?? {}).map(([name, kind]) => [name, segmentArb(known[kind])])))
  const realPaths = ROUTES.filter((r) => r.method !== '*').map((r) => r.path.replace(/:\w+/g, 'x'))
  const target =
    route.method === '*'
      ? fc.record({
          method: fc.constantFrom(...METHODS),
          path: fc.oneof(fc.array(segmentArb([]), { minLength: 1, maxLength: 4 }).map((segs) => '/api/' + segs.join('/')), fc.constantFrom(...realPaths), respelt(realPaths)),
        })
      : fc.record({ method: fc.constant(route.method), path: params.map((p) => route.path.replace(/:(\w+)/g, (_, n: string) => p[n]!)) })
  return fc
    .record({
      target,
      suffix: pathSuffix,
      query: queryArb(route.query ?? []),
      body: hasBody(route.method) ? fc.option(bodyArb(route.body?.(known) ?? null, { upload: route.upload }), { freq: 8 }) : fc.constant(null),
      extra: headerArb(known.demo),
      cookie: mode === 'signed in' ? fc.constant(cookie) : fc.constantFrom('', 'folio_session=', 'folio_session=0000', `${cookie.slice(0, -4)}abcd`, ';;=;'),
      origin: mode === 'signed in' ? fc.constant(s.url) : fc.constantFrom('', s.url, 'https://evil.example', 'null'),
    })
    .map(({ target, suffix, query, body, extra, cookie, origin }) => {
      const headers: Record<string, string> = { accept: extra.accept, 'user-agent': extra.userAgent }
      if (cookie) headers.cookie = cookie
      if (origin) headers.origin = origin
      if (extra.lastEventId !== null) headers['last-event-id'] = extra.lastEventId
      if (extra.authorization !== null) headers.authorization = extra.authorization
      return { method: target.method, path: target.path + suffix + query, body: hasBody(target.method) ? body : null, headers, forwarded: extra.forwardedNoise }
    })
}

const STACK = /\bat .*\.(ts|tsx|js|mjs):\d+/
// Files the admin stored (backups, the resume, images) are sent as they are; only text is read.
const BINARY = /^(application\/(gzip|pdf|octet-stream|zip)|image\/)/
type Problem = ['serverErrors' | 'stackTraces' | 'changes' | 'other', string]

function problemsOf(c: Case, route: Route, mode: Mode, a: Answer): Problem[] {
  const problems: Problem[] = []
  if (a.status >= 500 && !(a.status === 503 && route.allow503)) problems.push(['serverErrors', `status ${a.status}`])
  const type = a.headers.get('content-type') ?? ''
  if (!BINARY.test(type)) {
    // NOTE: "SQLITE_" only in refusals: a seeded post about SQLite's locks mentions SQLITE_BUSY.
    for (const leak of [STACK, /node_modules/, /SQLiteError/, REPO_ROOT, s.dataDir, ...(a.status >= 400 ? [/SQLITE_/] : [])]) {
      if (typeof leak === 'string' ? a.text.includes(leak) : leak.test(a.text)) problems.push(['stackTraces', `the body leaks ${leak}`])
    }
  }
  // The URL parser resolves dot segments ('/api/%2e%2e/x' is '/x'): only /api answers are JSON.
  const pathname = new URL(s.url + c.path).pathname
  let spelt = pathname
  try {
    spelt = decodeURIComponent(pathname)
  } catch {
    // a broken escape: compare the path as sent
  }
  if (mode === 'signed out' && a.status < 300 && /^\/+api\/+admin(?!\/+(login|setup))/i.test(spelt)) problems.push(['other', 'an admin answer without a session'])
  // NOTE: a 431 (URL and headers past Bun's 16 KiB) comes from Bun's HTTP parser, before any app code.
  const browserPage = route.htmlForBrowsers && type.startsWith('text/html') && wantsHtml(new Request(s.url, { headers: c.headers }))
  if (a.status >= 400 && a.status !== 431 && c.method !== 'HEAD' && pathname.startsWith('/api/') && !browserPage) {
    let body: { ok?: unknown; error?: unknown; details?: unknown } | null = null
    try {
      body = JSON.parse(a.text)
    } catch {
      // not JSON: reported below
    }
    const only = (o: object, keys: string[]) => Object.keys(o).every((k) => keys.includes(k))
    const detailOk = (d: Record<string, unknown>) =>
      typeof d?.message === 'string' && typeof d.code === 'string' && ['undefined', 'string'].includes(typeof d.path) && only(d, ['message', 'code', 'path'])
    const shapeOk = body !== null && typeof body === 'object' && body.ok === false && typeof body.error === 'string' && body.error !== '' && only(body, ['ok', 'error', 'details'])
    const detailsOk = body?.details === undefined || (Array.isArray(body.details) && body.details.every(detailOk))
    if (!type.startsWith('application/json') || !shapeOk || !detailsOk) problems.push(['other', `not the contract's error shape (${type})`])
    if (a.status === 429 && !/^\d+$/.test(a.headers.get('retry-after') ?? '')) problems.push(['other', '429 without Retry-After'])
  }
  return problems
}

/** A session of its own for a signed-in logout, which ends the session it is sent with. */
function freshCookie(): string {
  const adminId = (s.conn.sqlite.query('SELECT id FROM admins').get() as { id: number }).id
  return `${sessionCookieName(parseSiteOrigin(s.url))}=${createSession(s.conn.db, adminId, systemClock).token}`
}

const replay = { seed: fuzzSeed(), ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) }
const cases = ROUTES.flatMap((route) => (isAdmin(route) ? (['signed in', 'signed out'] as const) : (['anonymous'] as const)).map((mode) => [`${route.method} ${route.path}`, mode, route] as const))

/** Sends one case and throws what is wrong with the answer. */
async function check(name: string, mode: Mode, route: Route, c: Case) {
  const ip = ++nextIp
  const headers: Record<string, string> = { ...c.headers, 'x-forwarded-for': `${c.forwarded}10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}` }
  if (route.path === '/api/admin/logout' && mode === 'signed in') headers.cookie = freshCookie()
  const before = contentDigest()
  stats.requests++
  stats.endpoints.add(name)
  const started = performance.now()
  const answer = await send(s.url + c.path, c.method, headers, c.body)
  const ms = performance.now() - started
  const after = contentDigest()
  const counts = statuses.get(`${name} (${mode})`) ?? {}
  statuses.set(`${name} (${mode})`, { ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 })
  const problems = problemsOf(c, route, mode, answer)
  if (answer.status >= 400 && after !== before) problems.push(['changes', 'a refused request changed the database'])
  if (ms > ANSWER_DEADLINE_MS) problems.push(['other', `answered after ${Math.round(ms)} ms (deadline ${ANSWER_DEADLINE_MS} ms)`])
  for (const [kind] of problems) if (kind !== 'other') stats[kind]++
  if (problems.length) throw new Error(`${c.method} ${c.path.slice(0, 200)} -> ${answer.status}: ${problems.map((p) => p[1]).join('; ')}\n${answer.text.slice(0, 500)}`)
}

describe('fuzzing every /api route', () => {
  test.each(cases)(
    '%s (%s) never fails, leaks or changes data when it refuses',
    async (name, mode, route) => {
      const failures: string[] = []
      // Known failures first, each on its own, and the random cases whatever they showed.
      const signedIn = { accept: 'application/json', cookie, origin: s.url }
      for (const f of mode === 'signed in' ? (route.found ?? []) : []) {
        await check(name, mode, route, { method: route.method, path: f.path, body: f.body ?? null, headers: signedIn, forwarded: '' }).catch((e: Error) => failures.push(`found before: ${e.message}`))
      }
      const runs = Math.ceil(SCALE * (mode === 'signed out' ? RUNS[mode] : (route.runs ?? RUNS[mode])))
      const property = fc.asyncProperty(caseArb(route, mode), (c) => check(name, mode, route, c))
      await fc.assert(property, { numRuns: runs, interruptAfterTimeLimit: 40_000 * SCALE, markInterruptAsFailure: true, includeErrorInReport: true, ...replay }).catch((e: Error) => failures.push(e.message))
      if (failures.length) throw new Error(failures.join('\n\n'))
    },
    120_000 * SCALE,
  )
})
