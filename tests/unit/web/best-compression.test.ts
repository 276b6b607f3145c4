// Issue 17: brotli at its best is made off the request path, for plain pages only, one at a time.
import { afterEach, expect, spyOn, test } from 'bun:test'
import * as zlib from 'node:zlib'
import { BEST_QUEUE_LIMIT, compressBestInBackground } from '#src/web/cache/best-compression'
import { RenderCache, type CachedPage } from '#src/web/cache/render-cache'

const spies: { mockRestore(): void }[] = []
afterEach(() => spies.splice(0).forEach((s) => s.mockRestore()))

function pageOf(text: string): CachedPage {
  const h = { 'content-type': 'text/html' }
  const body = new TextEncoder().encode(text.repeat(200))
  return { status: 200, etag: '"x"', responseHeaders: { identity: h, br: h, gzip: h }, encoded: { body }, tags: ['posts'], bytes: body.length }
}

test('plain pages get brotli 11 in the background one at a time; query variants never do', async () => {
  const original = zlib.brotliCompress
  let running = 0
  let most = 0
  const qualities: unknown[] = []
  const br = spyOn(zlib, 'brotliCompress').mockImplementation(((body: zlib.InputType, options: zlib.BrotliOptions, done: zlib.CompressCallback) => {
    running++
    most = Math.max(most, running)
    qualities.push(options.params?.[zlib.constants.BROTLI_PARAM_QUALITY])
    setTimeout(() => original(body, options, (error, out) => (running--, done(error, out))), 5)
  }) as never)
  spies.push(br)
  const cache = new RenderCache()
  cache.onPageStored('best-compression', compressBestInBackground(cache))
  const plain = ['/', '/blog', '/projects', '/skills', '/contact']
  for (const key of plain) cache.store(key, pageOf(key), cache.stamp())
  for (let i = 0; i < 5; i++) cache.store(`/blog?search=x${i}`, pageOf(String(i)), cache.stamp())
  for (let i = 0; i < 100 && plain.some((k) => !cache.get(k)!.encoded.br); i++) await Bun.sleep(10)
  expect(plain.every((k) => cache.get(k)!.encoded.br)).toBe(true)
  expect(most).toBe(1)
  expect(qualities).toEqual(plain.map(() => 11))
  for (let i = 0; i < 5; i++) expect(cache.get(`/blog?search=x${i}`)!.encoded.br).toBeUndefined()
})

test('a page dropped before its turn is not compressed', async () => {
  const br = spyOn(zlib, 'brotliCompress')
  spies.push(br)
  const cache = new RenderCache()
  cache.onPageStored('best-compression', compressBestInBackground(cache))
  cache.store('/a', pageOf('a'), cache.stamp())
  cache.store('/b', pageOf('b'), cache.stamp())
  cache.change({ tags: ['posts'], items: [], cause: 'admin write' })
  await Bun.sleep(100)
  expect(br.mock.calls.length).toBeLessThanOrEqual(1)
})

test(`at most ${BEST_QUEUE_LIMIT} pages wait for brotli: past that the page waiting longest goes without`, async () => {
  const br = spyOn(zlib, 'brotliCompress').mockImplementation(((_body: zlib.InputType, _options: zlib.BrotliOptions, done: zlib.CompressCallback) =>
    setTimeout(() => done(null, Buffer.from('br')), 0)) as never)
  spies.push(br)
  const cache = new RenderCache()
  cache.onPageStored('best-compression', compressBestInBackground(cache))
  const keys = Array.from({ length: BEST_QUEUE_LIMIT + 50 }, (_, i) => `/blog/post-${i}`)
  // Stored in one turn, before the queue's first page is taken.
  for (const key of keys) cache.store(key, pageOf(key), cache.stamp())
  for (let i = 0; i < 200 && br.mock.calls.length < BEST_QUEUE_LIMIT; i++) await Bun.sleep(10)
  await Bun.sleep(20)
  expect(br.mock.calls.length).toBe(BEST_QUEUE_LIMIT)
  expect(keys.slice(0, 50).some((k) => cache.get(k)!.encoded.br)).toBe(false)
  expect(keys.slice(50).every((k) => cache.get(k)!.encoded.br)).toBe(true)
})
