// Issue 17: pages with a search or tag (query variants) cost little and cannot crowd out plain pages.
import { afterEach, describe, expect, spyOn, test } from 'bun:test'
import * as zlib from 'node:zlib'
import { RenderCache, type CachedPage, type ContentTag } from '#src/web/cache/render-cache'
import type { RenderedPage } from '#src/web/render-page'
import { planPage, serveCachedPage } from '#src/web/serve-page'

function pageOf(size: number, tags: ContentTag[] = ['posts']): CachedPage {
  const h = { 'content-type': 'text/html' }
  return { status: 200, etag: '"x"', responseHeaders: { identity: h, br: h, gzip: h }, encoded: { body: new Uint8Array(size) }, tags, bytes: size }
}

// A page of about 20 KB that compresses like HTML (repeated markup, varied text).
const HTML = '<!doctype html><html><body>' + Array.from({ length: 400 }, (_, i) => `<li class="post">Post ${i * 7919} about ${(i * 31).toString(36)}</li>`).join('') + '</body></html>'
const renderHtml = async (): Promise<RenderedPage> => ({ response: new Response(HTML, { headers: { 'content-type': 'text/html; charset=utf-8' } }), shows: ['posts'] })
const get = (path: string) => new Request('http://h' + path, { headers: { 'accept-encoding': 'gzip, br' } })
const serve = (cache: RenderCache, path: string, render = renderHtml) => serveCachedPage(cache, planPage(new URL('http://h' + path))!, get(path), render)

describe('query variants in the render cache', () => {
  test('keeps at most 100 query variants and 4 MiB of them, and never evicts a plain page for them', () => {
    const cache = new RenderCache()
    cache.store('/', pageOf(1000), cache.stamp())
    for (let i = 0; i < 300; i++) cache.store(`/blog?search=x${i}`, pageOf(1000), cache.stamp())
    expect(cache.variantSize).toEqual({ entries: 100, bytes: 100_000 })
    for (let i = 0; i < 10; i++) cache.store(`/blog?tag=t${i}`, pageOf(1024 * 1024), cache.stamp())
    expect(cache.variantSize.bytes).toBeLessThanOrEqual(4 * 1024 * 1024)
    expect(cache.get('/')).toBeDefined()
    expect(cache.size).toEqual({ entries: 1, bytes: 1000 })
  })

  test('an admin write drops the variants that show the changed content too', () => {
    const cache = new RenderCache()
    cache.store('/blog?tag=a', pageOf(10, ['posts']), cache.stamp())
    cache.store('/projects?tag=a', pageOf(10, ['projects']), cache.stamp())
    cache.change({ tags: ['posts'], items: [], cause: 'admin write' })
    expect(cache.get('/blog?tag=a')).toBeUndefined()
    expect(cache.get('/projects?tag=a')).toBeDefined()
  })
})

describe('compression on the request path', () => {
  const spies: { mockRestore(): void }[] = []
  afterEach(() => spies.splice(0).forEach((s) => s.mockRestore()))

  // NOTE: zlib writes 2 in a gzip header's XFL byte (offset 8) at level 9 only, so stored bytes tell their level.
  test.each(['/', '/blog?search=unique'])('a miss of %s is compressed once at a fast level: no best gzip, no brotli', async (path) => {
    const bunGzip = spyOn(Bun, 'gzipSync')
    const gz = spyOn(zlib, 'gzip')
    const br = spyOn(zlib, 'brotliCompress')
    const brSync = spyOn(zlib, 'brotliCompressSync')
    spies.push(bunGzip, gz, br, brSync)
    const cache = new RenderCache()
    const res = await serve(cache, path)
    const sent = new Uint8Array(await res.arrayBuffer())
    await cache.pending(planPage(new URL('http://h' + path))!.key)
    // Long enough for a brotli 11 of 20 KB (some 20 ms) started on the request's behalf to land.
    await Bun.sleep(150)
    const stored = cache.get(path)!
    expect(res.headers.get('content-encoding')).toBe('gzip')
    // The visitor and the cache share one compression.
    const shared = Bun.deepEquals(sent, stored.encoded.gzip)
    expect({ brotli: stored.encoded.br !== undefined, bestGzip: stored.encoded.gzip![8] === 2, shared }).toEqual({ brotli: false, bestGzip: false, shared: true })
    for (const call of bunGzip.mock.calls) expect((call[1] as { level?: number } | undefined)?.level ?? 6).toBeLessThanOrEqual(6)
    // Of this page's bytes: other tests' servers in this process may still be compressing theirs.
    const ofThisPage = (calls: unknown[][]) => calls.filter((call) => Bun.deepEquals(new Uint8Array(call[0] as Uint8Array), stored.encoded.body)).length
    expect(ofThisPage(gz.mock.calls) + ofThisPage(br.mock.calls) + ofThisPage(brSync.mock.calls)).toBe(0)
  })
})

describe('concurrent renders of query variants', () => {
  test('at most 4 variants render at once; the rest are told to retry, and a plain page still renders', async () => {
    const cache = new RenderCache()
    const gate = Promise.withResolvers<void>()
    let renders = 0
    const slow = async () => {
      renders++
      await gate.promise
      return renderHtml()
    }
    const answers = Array.from({ length: 10 }, (_, i) => serve(cache, `/blog?search=flood${i}`, slow))
    await Bun.sleep(10)
    expect(renders).toBe(4)
    const plain = serve(cache, '/projects', slow)
    await Bun.sleep(10)
    expect(renders).toBe(5)
    gate.resolve()
    const statuses = await Promise.all(answers.map(async (a) => (await a).status))
    expect(statuses.filter((s) => s === 200)).toHaveLength(4)
    const busy = await answers[9]!
    expect(busy.status).toBe(429)
    expect(busy.headers.get('retry-after')).toBe('1')
    expect(busy.headers.get('cache-control')).toBe('no-store')
    expect((await plain).status).toBe(200)
    // Slots are given back: the next variant renders.
    expect((await serve(cache, '/blog?search=after', slow)).status).toBe(200)
  })
})
