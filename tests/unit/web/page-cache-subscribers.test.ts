// Issue 34: what a change of public content sets off is one typed event and named subscribers in
// one file (src/web/cache/subscribers.ts); a cache in front is told the addresses the site's own
// routes give, not a list kept by hand.
import { afterEach, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '#src/config'
import { silentLogger } from '#src/lib/logger'
import { changeOf } from '#src/web/cache/content-changes'
import { purgeTargets, sitePagesShowing, type Showing } from '#src/web/cache/purge-targets'
import { RenderCache, type CachedPage } from '#src/web/cache/render-cache'
import { subscribePageCache } from '#src/web/cache/subscribers'
import { appPolicies } from '#tests/support/data/route-policies'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))
const configWith = (env: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-subscribers-'))
  dirs.push(dir)
  return loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'error', ...env }, dir)
}
const warmNothing = async () => {}
const CLOUDFLARE = { CLOUDFLARE_ZONE_ID: '0123456789abcdef0123456789abcdef', CLOUDFLARE_API_TOKEN: 'test-token-with-cache-purge-permission', CLOUDFLARE_API_URL: 'http://127.0.0.1:9/client/v4' }

test('the subscribers are named, in one place: rewarm and best compression always, purging with a cache in front', () => {
  const plain = new RenderCache()
  subscribePageCache(plain, { config: configWith({}), log: silentLogger, warm: warmNothing, reads: () => [] }).stop()
  expect(plain.subscribers()).toEqual({ pagesChanged: ['rewarm'], pageStored: ['best-compression'] })

  const fronted = new RenderCache()
  subscribePageCache(fronted, { config: configWith(CLOUDFLARE), log: silentLogger, warm: warmNothing, reads: () => [] }).stop()
  expect(fronted.subscribers()).toEqual({ pagesChanged: ['rewarm', 'purge caches in front'], pageStored: ['best-compression'] })
})

test('a subscriber gets the change with the keys the cache dropped for it, and one that throws stops no other', () => {
  const cache = new RenderCache()
  const h = { 'content-type': 'text/html' }
  const page = (tags: CachedPage['tags']): CachedPage => ({ status: 200, etag: '"x"', responseHeaders: { identity: h, br: h, gzip: h }, encoded: { body: new Uint8Array(10) }, tags, bytes: 10 })
  cache.store('/blog', page(['posts', 'site']), cache.stamp())
  cache.store('/projects', page(['projects', 'site']), cache.stamp())
  const seen: unknown[] = []
  cache.onPagesChanged('breaks', () => {
    throw new Error('broken')
  })
  cache.onPagesChanged('records', (change) => seen.push(change))
  expect(() => cache.change({ tags: ['posts'], items: ['a-post'], cause: 'admin write' })).toThrow('page cache subscribers failed: breaks')
  expect(seen).toEqual([{ tags: ['posts'], items: ['a-post'], cause: 'admin write', dropped: ['/blog'] }])
  expect(() => cache.onPagesChanged('records', () => {})).toThrow("'records'")
})

test('an admin write is one change: the tags its route declares, the item its route names', () => {
  const policies = appPolicies()
  expect(changeOf(policies, 'PUT', '/api/admin/posts/:slug', { slug: 'hello' })).toEqual({ tags: ['posts'], items: ['hello'], cause: 'admin write' })
  expect(changeOf(policies, 'POST', '/api/admin/projects', undefined)).toEqual({ tags: ['projects', 'skills'], items: [], cause: 'admin write' })
  expect(changeOf(policies, 'POST', '/api/admin/login', {})).toBeNull()
})

test("what each page of the site's route table shows, read from its queries", async () => {
  const shows = Object.fromEntries((await sitePagesShowing()).map((p) => [p.path, [...p.shows].sort()]))
  expect(shows).toEqual({
    '/': ['posts', 'projects', 'site'],
    '/projects': ['projects', 'site'],
    '/projects/:slug': ['projects', 'site'],
    '/demo/dapp': ['site'],
    '/blog': ['posts', 'site'],
    '/blog/:slug': ['posts', 'site'],
    '/skills': ['site', 'skills'],
    '/contact': ['site'],
    '/privacy': ['site'],
  })
})

test("a change's addresses: its tags' pages, feeds and reads, its items' own pages, and the pages dropped here", async () => {
  const reads: Showing[] = appPolicies()
    .routes()
    .flatMap((r) => (r.method === 'GET' && r.policy.shows ? [{ path: r.path, shows: r.policy.shows }] : []))
  const targets = purgeTargets([...(await sitePagesShowing()), ...reads])
  const post = targets.paths({ tags: ['posts'], items: ['a b'], dropped: ['/blog?tag=x', '404 /blog'] })
  expect(post.sort()).toEqual(['/', '/api/posts', '/api/posts/a%20b', '/blog', '/blog/a%20b', '/blog?tag=x', '/feed.json', '/feed.xml', '/sitemap.xml'])
  const project = targets.paths({ tags: ['projects', 'skills'], items: [], dropped: [] })
  expect(project.sort()).toEqual(['/', '/api/projects', '/api/skills', '/projects', '/sitemap.xml', '/skills'])
})
