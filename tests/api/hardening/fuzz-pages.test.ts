// Fuzzing every public page (issue 17): each route of the site's one route table, the pages
// outside it (preview, feeds, sitemap, robots, media, the admin shell) and unknown paths, with
// hostile path segments, query strings (the extremes of fuzz-edges.ts among them) and headers.
// Every answer: within 2 s, never a 5xx, never a stack trace. Replay a failure with the seed it
// prints: FUZZ_SEED=<seed> bun test ./tests/api/hardening/fuzz-pages.test.ts -t '<page>'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { routes } from '#client/site/routes'
import { ANSWER_DEADLINE_MS, fuzzSeed } from '#tests/support/data/fuzz-edges'
import { headerArb, pathSuffix, queryArb, segmentArb, send } from '#tests/support/data/fuzz'
import { startTestServer, type TestServer } from '#tests/support/server/server'
import { REPO_ROOT } from '#tests/support/repo-root'

const STACK = /\bat .*\.(ts|tsx|js|mjs):\d+/
const SCALE = Number(process.env.FUZZ_SCALE ?? 1)
// Query keys every page may meet: the ones a route declares, and what campaigns and crawlers add.
const COMMON_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'ref', 'page', 'token', 'embed', 'theme']
const OUTSIDE_TABLE = ['/preview/:token', '/feed.xml', '/sitemap.xml', '/robots.txt', '/about', '/media/projects/:file', '/assets/:file', '/admin', '/admin/:screen', '/:unknown']

let s: TestServer
let slugs: Record<string, string[]>
const stats = { requests: 0, slowest: 0 }

beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo', TRUST_PROXY: '1' } })
  const column = (sql: string) => (s.conn.sqlite.query(sql).values() as unknown[][]).map((row) => String(row[0]))
  slugs = { slug: [...column('SELECT slug FROM posts'), ...column('SELECT slug FROM projects')], token: [], file: [], screen: ['messages', 'posts'], unknown: [] }
}, 60_000)

afterAll(async () => {
  console.log(`fuzz pages (seed ${fuzzSeed()}): ${stats.requests} requests, slowest ${Math.round(stats.slowest)} ms`)
  await s?.close()
})

const pages = [...routes.map((r) => ({ path: r.path, keys: r.cache ? r.cache.query : [] })), ...OUTSIDE_TABLE.map((path) => ({ path, keys: [] as readonly string[] }))]

describe('fuzzing every public page', () => {
  test.each(pages.map((p) => [p.path, p] as const))('%s answers within 2 s, never 5xx, never a stack trace', async (_, page) => {
    const params = (page.path.match(/:(\w+)/g) ?? []).map((p) => p.slice(1))
    const arb = fc.record({
      segments: fc.tuple(...params.map((name) => segmentArb(slugs[name] ?? []))),
      suffix: pathSuffix,
      query: queryArb([...page.keys, ...COMMON_KEYS]),
      headers: headerArb([]),
    })
    let n = 0
    await fc.assert(
      fc.asyncProperty(arb, async ({ segments, suffix, query, headers }) => {
        const path = page.path.replace(/:\w+/g, () => segments[n++ % Math.max(1, segments.length)] ?? 'x') + suffix + query
        const ip = ++stats.requests
        const started = performance.now()
        const answer = await send(s.url + path, 'GET', { accept: headers.accept || 'text/html', 'user-agent': headers.userAgent, 'accept-language': 'en', 'x-forwarded-for': `10.9.${(ip >> 8) & 255}.${ip & 255}` }, null)
        const ms = performance.now() - started
        stats.slowest = Math.max(stats.slowest, ms)
        expect({ path, status: answer.status >= 500 ? answer.status : 'ok' }).toEqual({ path, status: 'ok' })
        expect(ms).toBeLessThan(ANSWER_DEADLINE_MS)
        if (!/^(image|video|application\/(octet-stream|pdf))/.test(answer.headers.get('content-type') ?? '')) {
          expect(STACK.test(answer.text) || answer.text.includes(REPO_ROOT) || answer.text.includes('node_modules')).toBe(false)
        }
      }),
      { numRuns: Math.ceil(40 * SCALE), seed: fuzzSeed(), interruptAfterTimeLimit: 40_000 * SCALE, markInterruptAsFailure: true },
    )
  }, 120_000 * SCALE)
})
