import { describe, expect, test } from 'bun:test'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { pageCopy } from '#bench/lib/capture'
import { island } from '#client/site/islands/island'
import { alternatingRatio, durationMs, median, parseWrk, percentile, summarize } from '#bench/lib/stats'
import { documentEnd, documentHead, documentStart } from '#src/web/document'

const WRK = `Running 10s test @ http://127.0.0.1:3000/
  2 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   604.00us    1.05ms  41.56ms   98.45%
    Req/Sec    22.70k   706.17    24.16k    75.50%
  Latency Distribution
     50%  604.00us
     75%    7.15ms
     90%    9.94ms
     99%    1.20s
  451787 requests in 10.01s, 1.08GB read
  Socket errors: connect 0, read 2, write 1, timeout 4
  Non-2xx or 3xx responses: 12
Requests/sec:  45134.63
Transfer/sec:    110.01MB
`

describe('bench statistics', () => {
  test('the median of an even count is the mean of the two middle values, and none is NaN', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 10])).toBe(3.5)
    expect(median([])).toBeNaN()
  })

  test('the 90th percentile is the nearest rank, not an interpolation', () => {
    expect(percentile([...Array(10).keys()].map((i) => i + 1), 90)).toBe(9)
    expect(percentile([7], 99)).toBe(7)
  })

  test('reads wrk durations in every unit as milliseconds', () => {
    expect(durationMs('604.00us')).toBeCloseTo(0.604)
    expect(durationMs('26.54ms')).toBe(26.54)
    expect(durationMs('1.20s')).toBe(1200)
    expect(durationMs('2.00m')).toBe(120_000)
    expect(durationMs('?')).toBeNaN()
  })

  test('parses the summary of wrk --latency, failures included', () => {
    expect(parseWrk(WRK)).toEqual({ rps: 45134.63, p50Ms: 0.604, p99Ms: 1200, requests: 451787, non2xx: 12, errors: 7 })
  })

  test('counts no failures when wrk reports none', () => {
    const clean = WRK.replace(/ {2}Socket errors.*\n/, '').replace(/ {2}Non-2xx.*\n/, '')
    expect(parseWrk(clean)).toMatchObject({ non2xx: 0, errors: 0 })
  })

  test('the ratio of alternating rounds is the median of the pairs, robust to one slow pair', () => {
    // The third pair ran while the machine was busy: both sides slowed, the ratio did not.
    expect(alternatingRatio([800, 900, 100], [1000, 1000, 125])).toBe(0.8)
    expect(() => alternatingRatio([1, 2], [1])).toThrow('differ in count')
  })

  test('summarizes rounds as medians and adds up their failures', () => {
    const round = (rps: number, p99Ms: number, non2xx = 0) => ({ rps, p50Ms: 1, p99Ms, requests: 1, non2xx, errors: 0 })
    expect(summarize([round(100, 3), round(300, 9, 2), round(200, 4)])).toEqual({ rps: 200, p50Ms: 1, p99Ms: 4, non2xx: 2, errors: 0 })
  })
})

describe('reading a page back for the Express reference', () => {
  const assets = { css: ['/assets/site-a.css'], entry: '/assets/site-b.js', preload: ['/assets/chunk-c.js'] }
  const boot = { apiBase: '', pageViews: 'server' } as const
  const page = (body: string) =>
    documentStart(assets) + documentHead({ title: 'T', description: 'D' }, 'https://example.com/blog?tag=x') + body + documentEnd(boot, assets)

  test('recovers the boot block, assets and canonical link the document shell wrote', () => {
    expect(pageCopy('/blog?tag=x', page('<main>app</main>'))).toEqual({ path: '/blog', search: 'tag=x', boot, islands: [], assets, canonical: 'https://example.com/blog?tag=x' })
  })

  test('recovers the preloaded font, so a page written from the copy has the same head', () => {
    const withFont = { ...assets, fonts: ['/assets/font-a.woff2'] }
    const html = documentStart(withFont) + documentHead({ title: 'T', description: 'D' }, '') + documentEnd(boot, withFont)
    expect(pageCopy('/', html).assets).toEqual(withFont)
    expect(documentStart(pageCopy('/', html).assets)).toBe(documentStart(withFont))
  })

  test("recovers each island's name and props as React escaped them in its marker", () => {
    const props = { posts: [{ slug: 'a', title: 'Tom & "Jerry" </script> it\'s <b>' }], tag: null }
    const List = island('blog-list', ({ posts }: typeof props) => createElement('ul', null, posts.map((p) => createElement('li', { key: p.slug }, p.title))))
    const html = page(renderToString(createElement('main', null, createElement(List, props), createElement(island('contact-form', () => null), {}))))
    expect(pageCopy('/blog', html).islands).toEqual([
      { name: 'blog-list', props },
      { name: 'contact-form', props: {} },
    ])
  })

  test('refuses a page without its boot block', () => {
    expect(() => pageCopy('/', '<html></html>')).toThrow('no #folio-boot block')
  })
})
