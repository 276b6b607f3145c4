// SITE_URL parsed once (src/contract/site-origin.ts, src/config.ts): the origin of every absolute
// link and whether the site is https.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '#src/config'
import * as paths from '#src/contract/paths'
import { absoluteUrl, parseSiteOrigin } from '#src/contract/site-origin'

describe('the site origin', () => {
  test.each([
    ['https://me.example', { origin: 'https://me.example', host: 'me.example', secure: true }],
    ['https://me.example/', { origin: 'https://me.example', host: 'me.example', secure: true }],
    ['https://me.example///', { origin: 'https://me.example', host: 'me.example', secure: true }],
    ['http://localhost:3000', { origin: 'http://localhost:3000', host: 'localhost:3000', secure: false }],
    ['http://localhost:0', { origin: 'http://localhost:0', host: 'localhost:0', secure: false }],
    ['http://[::1]:8080/', { origin: 'http://[::1]:8080', host: '[::1]:8080', secure: false }],
    // Scheme and host are case-insensitive; a default port says nothing.
    ['HTTPS://Me.Example:443/', { origin: 'https://me.example', host: 'me.example', secure: true }],
    ['http://me.example:80', { origin: 'http://me.example', host: 'me.example', secure: false }],
    // folio serves from the root: a path after the host is not part of the origin.
    ['https://me.example/folio/', { origin: 'https://me.example', host: 'me.example', secure: true }],
  ])('reads %s', (siteUrl, expected) => {
    expect(parseSiteOrigin(siteUrl)).toEqual(expected)
  })

  test('only https is secure, whatever the host', () => {
    expect(parseSiteOrigin('http://https.example').secure).toBe(false)
    expect(parseSiteOrigin('https://localhost:8443').secure).toBe(true)
  })

  test('makes a path absolute on the origin, with one slash between them', () => {
    const site = parseSiteOrigin('https://me.example/')
    expect(absoluteUrl(site, paths.home)).toBe('https://me.example/')
    expect(absoluteUrl(site, paths.post('a b#c'))).toBe('https://me.example/blog/a%20b%23c')
    expect(absoluteUrl(site, paths.blog({ tag: 'fpga' }))).toBe('https://me.example/blog?tag=fpga')
    expect(absoluteUrl(site, 'sitemap.xml')).toBe('https://me.example/sitemap.xml')
  })

  test('the configuration parses SITE_URL once, and its plain text is the same origin', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'folio-origin-'))
    const secure = loadConfig({ DATA_DIR: join(cwd, 'data'), SITE_URL: 'https://Me.Example/' }, cwd)
    expect(secure.origin).toEqual({ origin: 'https://me.example', host: 'me.example', secure: true })
    expect(secure.siteUrl).toBe(secure.origin.origin)
    const local = loadConfig({ DATA_DIR: join(cwd, 'data'), PORT: '8080' }, cwd)
    expect(local.origin).toEqual({ origin: 'http://localhost:8080', host: 'localhost:8080', secure: false })
  })
})
