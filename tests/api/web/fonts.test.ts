// Issue 22: the site's type is self-hosted: its stylesheet names font files (never inlined as
// base64, which the CSP's font-src 'self' refuses), the text's font is preloaded, and the files
// are served as they are, cached for good.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { clientAssets, fontsAsFiles } from '#src/web/assets'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let s: TestServer
beforeAll(async () => {
  s = await startTestServer({ env: { SEED: 'demo' } })
})
afterAll(() => s.close())

test('a page preloads the text font its stylesheet uses; the font answers as woff2, immutable', async () => {
  const html = await (await fetch(s.url + '/')).text()
  const preload = /<link rel="preload" href="(\/assets\/font-[a-z0-9]+\.woff2)" as="font" type="font\/woff2" crossorigin>/.exec(html)
  expect(preload).not.toBeNull()
  const css = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!
  const sheet = await (await fetch(s.url + css)).text()
  expect(sheet).not.toContain('data:font')
  expect(sheet).toContain(`url(${preload![1]})`)
  const font = await fetch(s.url + preload![1], { headers: { 'accept-encoding': 'br, gzip' } })
  expect(font.status).toBe(200)
  expect(font.headers.get('content-type')).toBe('font/woff2')
  expect(font.headers.get('content-encoding')).toBeNull()
  expect(font.headers.get('cache-control')).toContain('immutable')
  expect(new TextDecoder().decode((await font.bytes()).subarray(0, 4))).toBe('wOF2')
})

test('the site and the admin stylesheets use the same two font files: Inter for text, JetBrains Mono for code', async () => {
  const assets = await clientAssets()
  expect(assets.site.fonts).toHaveLength(2)
  expect(assets.admin.fonts).toEqual(assets.site.fonts)
  for (const url of assets.site.fonts) expect(assets.files.get(url)?.type).toBe('font/woff2')
})

test('fontsAsFiles puts each inlined font back as a file named by its content, and leaves the rest', () => {
  const woff2 = Buffer.from('wOF2 pretend font').toString('base64')
  const { css, fonts } = fontsAsFiles(`@font-face{src:url(data:font/woff2;base64,${woff2})}a{background:url(data:image/png;base64,AAAA)}`)
  expect(fonts.size).toBe(1)
  const [url] = [...fonts.keys()]
  expect(css).toBe(`@font-face{src:url(${url})}a{background:url(data:image/png;base64,AAAA)}`)
  expect(new TextDecoder().decode(fonts.get(url!)!)).toBe('wOF2 pretend font')
})
