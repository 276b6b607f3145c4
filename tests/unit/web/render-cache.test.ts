import { describe, expect, test } from 'bun:test'
import { tagsChangedBy } from '#src/web/cache/content-changes'
import { chooseEncoding } from '#src/web/encoding'
import { pathAndQuery } from '#src/lib/request-path'
import { RenderCache, type CachedPage, type ContentTag } from '#src/web/cache/render-cache'
import { planPage } from '#src/web/serve-page'
import { tagsOf } from '#src/web/cache/page-tags'
import { apiCachePolicy } from '#src/plugins/cache-policy'
import { appPolicies } from '#tests/support/data/route-policies'
import { projectQuery, type SiteData } from '#client/lib/site-data'

const noData = {} as SiteData

// What the app's admin routes declare they change (their `invalidates` option).
const policies = appPolicies()

const bytes = (n: number) => new Uint8Array(n)
function pageOf(tags: ContentTag[], size = 10): CachedPage {
  const h = { 'content-type': 'text/html' }
  return { status: 200, etag: '"x"', responseHeaders: { identity: h, br: h, gzip: h }, encoded: { body: bytes(size) }, tags, bytes: size }
}

describe('the render cache', () => {
  test('keeps at most its entry limit, dropping the least recently used', () => {
    const cache = new RenderCache({ entries: 2, bytes: 1000 })
    cache.store('/a', pageOf([]), cache.stamp())
    cache.store('/b', pageOf([]), cache.stamp())
    cache.get('/a')
    cache.store('/c', pageOf([]), cache.stamp())
    expect(cache.get('/b')).toBeUndefined()
    expect(cache.get('/a')).toBeDefined()
    expect(cache.get('/c')).toBeDefined()
  })

  test('keeps at most its byte limit, and never a page larger than it', () => {
    const cache = new RenderCache({ entries: 100, bytes: 25 })
    cache.store('/a', pageOf([], 10), cache.stamp())
    cache.store('/b', pageOf([], 10), cache.stamp())
    cache.store('/c', pageOf([], 10), cache.stamp())
    expect(cache.size).toEqual({ entries: 2, bytes: 20 })
    expect(cache.store('/huge', pageOf([], 30), cache.stamp())).toBe(false)
    expect(cache.size.bytes).toBeLessThanOrEqual(25)
  })

  test('invalidating a tag drops exactly the pages that show it', () => {
    const cache = new RenderCache()
    cache.store('/projects', pageOf(['projects']), cache.stamp())
    cache.store('/blog', pageOf(['posts']), cache.stamp())
    cache.store('/', pageOf(['projects', 'posts']), cache.stamp())
    cache.store('/contact', pageOf([]), cache.stamp())
    cache.change({ tags: ['posts'], items: [], cause: 'admin write' })
    expect(['/projects', '/blog', '/', '/contact'].map((k) => cache.get(k) !== undefined)).toEqual([true, false, false, true])
  })

  test('a page rendered before a change to what it shows is not stored; other pages are', () => {
    const cache = new RenderCache()
    const stamp = cache.stamp()
    cache.change({ tags: ['posts'], items: [], cause: 'admin write' })
    expect(cache.store('/blog', pageOf(['posts']), stamp)).toBe(false)
    expect(cache.store('/projects', pageOf(['projects']), stamp)).toBe(true)
  })

  test('brotli added after storing counts toward the byte limit, and is ignored for a dropped page', () => {
    const cache = new RenderCache({ entries: 100, bytes: 35 })
    const a = pageOf(['posts'], 10)
    cache.store('/a', a, cache.stamp())
    cache.addEncoding('/a', a, 'br', new Uint8Array(5))
    expect(cache.size.bytes).toBe(15)
    expect(cache.get('/a')!.encoded.br).toHaveLength(5)
    cache.change({ tags: ['posts'], items: [], cause: 'admin write' })
    cache.addEncoding('/a', a, 'br', new Uint8Array(5))
    expect(cache.size.bytes).toBe(0)
  })

  test('replacing a key keeps the byte count right', () => {
    const cache = new RenderCache()
    cache.store('/a', pageOf([], 10), cache.stamp())
    cache.store('/a', pageOf([], 30), cache.stamp())
    expect(cache.size).toEqual({ entries: 1, bytes: 30 })
  })
})

describe('what is cached, under which key', () => {
  test.each([
    ['/', '/'],
    ['/?utm_source=x', '/'],
    ['/projects?tag=FPGA&utm_source=x', '/projects?tag=FPGA'],
    ['/projects?tag=FPGA&search=uart', '/projects?search=uart&tag=FPGA'],
    ['/projects?search=uart&tag=FPGA', '/projects?search=uart&tag=FPGA'],
    ['/projects?tag=', '/projects'],
    ['/skills?bucket=Languages&tag=x', '/skills?bucket=Languages'],
    ['/blog/some-post?ref=hn', '/blog/some-post'],
  ])('%s is kept as %s', (path, key) => {
    expect(planPage(new URL('http://h' + path))!.key).toBe(key)
  })

  test('resume links are never planned for the cache; unknown paths share their section\'s not-found page', () => {
    expect(planPage(new URL('http://h/resume/abc'))).toBeNull()
    expect(planPage(new URL('http://h/no/such/page'))).toEqual({ key: '404 ', url: new URL('http://h/-/-'), problem: null })
    expect(planPage(new URL('http://h/blog/2019/x?q=1'))).toEqual({ key: '404 /blog', url: new URL('http://h/blog/-/-'), problem: null })
  })

  test('a page is tagged by the content its queries show, and uncacheable with any other query', () => {
    expect(tagsOf(['projects', 'posts', 'posts'])!.sort()).toEqual(['posts', 'projects', 'site'])
    expect(tagsOf([projectQuery(noData, 'x').meta.shows])!.sort()).toEqual(['projects', 'site'])
    // Every page shows the owner's settings, so a settings change drops it.
    expect(tagsOf([])).toEqual(['site'])
    expect(tagsOf([undefined])).toBeNull()
  })

  test.each([
    ['PUT', '/api/admin/projects/x', ['projects', 'skills']],
    ['POST', '/api/admin/projects/reorder', ['projects', 'skills']],
    ['DELETE', '/api/admin/posts/x', ['posts']],
    ['PUT', '/api/admin/skills/overrides/Go', ['skills']],
    ['POST', '/api/admin/login', []],
    ['PATCH', '/api/admin/messages/1/archive', []],
    // A write that declares nothing changes nothing (decision 068; it was everything).
    ['POST', '/api/admin/something-new', []],
    ['POST', '/api/admin/content/import', ['projects', 'posts', 'skills', 'site']],
    ['PUT', '/api/admin/settings', ['site']],
    ['GET', '/api/admin/content/export', []],
    ['GET', '/api/admin/projects', []],
    ['POST', '/api/contact', []],
  ])('%s %s changes %j', (method, path, tags) => {
    expect([...tagsChangedBy(policies, method, path)]).toEqual(tags as never)
  })
})

describe('small pieces of the hot path', () => {
  const encoded = { body: bytes(3), gzip: bytes(2), br: bytes(1) }
  test.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip, br;q=0', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    [null, null],
  ])('Accept-Encoding %j gets %j', (header, encoding) => {
    expect(chooseEncoding(encoded, header).encoding).toBe(encoding as never)
  })

  test.each([
    ['http://h:3000/', '/'],
    ['http://h/blog?tag=x', '/blog?tag=x'],
    ['https://example.com/projects/a#top', '/projects/a'],
  ])('the path and query of %s is %s', (url, expected) => {
    expect(pathAndQuery(url)).toBe(expected)
  })

  test.each([
    ['GET', '/api/projects', 's-maxage'],
    ['GET', '/api/posts/x', 's-maxage'],
    ['GET', '/api/skills', 's-maxage'],
    ['GET', '/api/admin/projects', 'no-store'],
    ['POST', '/api/contact', 'no-store'],
    ['GET', '/api/demo/tokens', 'no-store'],
  ])('%s %s is cached with %s', (method, path, policy) => {
    expect(apiCachePolicy(method, path)).toContain(policy)
  })
})
