import { describe, expect, test } from 'bun:test'
import { campaignOf, isSpamReferrer, referrerHost } from '#src/features/analytics/referrer'
import { SPAM_REFERRERS } from '#src/features/analytics/spam-referrers'

const SITE = 'folio.example'
const longHost = (last: number) => `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(last)}.com`

describe('referrerHost', () => {
  test.each([
    ['no header', null, null],
    ['an empty header', '', null],
    ['our own host', 'https://folio.example/blog/x', null],
    ['our own host with www', 'https://www.folio.example/', null],
    ['our own host in capitals with a port', 'http://FOLIO.example:8080/', null],
    ['a search engine, lower-cased and without www', 'https://www.Google.com/search?q=x', 'google.com'],
    ['a host with a port', 'http://news.ycombinator.com:8443/item?id=1', 'news.ycombinator.com'],
    ['a host with a trailing root dot', 'https://duckduckgo.com./', 'duckduckgo.com'],
    ['a subdomain kept as it is', 'https://old.reddit.com/r/programming', 'old.reddit.com'],
    ['an Android app', 'android-app://com.google.android.gm/', null],
    ['a file URL', 'file:///home/me/page.html', null],
    ['a javascript URL', 'javascript:alert(1)', null],
    ['garbage', 'not a url at all', null],
    ['a bare host without a scheme', 'google.com', null],
    ['a spam host', 'https://semalt.com/', null],
    ['a subdomain of a spam host', 'http://www.ranks.darodar.com/x', null],
    ['a spam host written in capitals', 'https://BUTTONS-FOR-WEBSITE.COM', null],
    ['a host of exactly 253 characters', `https://${longHost(5)}/`, longHost(5)],
    ['a host past 253 characters', `https://${longHost(10)}/`, null],
    ['a URL with credentials, keeping only the host', 'http://user:secret@Example.org/', 'example.org'],
  ] as const)('gives %s as %p', (_name, referer, expected) => {
    expect(referrerHost(referer, SITE)).toBe(expected)
  })

  test.each([
    ['with www', 'www.folio.example'],
    ['with a port', 'folio.example:3000'],
    ['in capitals', 'Folio.Example'],
  ])('recognises our own host when siteHost is given %s', (_name, siteHost) => {
    expect(referrerHost('https://folio.example/', siteHost)).toBeNull()
    expect(referrerHost('https://github.com/', siteHost)).toBe('github.com')
  })
})

describe('isSpamReferrer', () => {
  test.each([
    ['a listed host', 'semalt.com', true],
    ['a subdomain of a listed host', 'x.y.semalt.com', true],
    ['a listed host in capitals with a root dot', 'Darodar.COM.', true],
    ['a host that only ends with the same letters', 'notsemalt.com', false],
    ['a parent of a listed host', 'com', false],
    ['an ordinary host', 'github.com', false],
    ['an empty string', '', false],
  ] as const)('says %s is %p', (_name, host, expected) => {
    expect(isSpamReferrer(host)).toBe(expected)
  })

  test('holds at least 60 lower-case, dotted domains', () => {
    expect(SPAM_REFERRERS.size).toBeGreaterThanOrEqual(60)
    for (const domain of SPAM_REFERRERS) expect(domain).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
  })
})

describe('campaignOf', () => {
  const q = (query: string) => campaignOf(new URLSearchParams(query))

  test.each([
    ['nothing', '', { source: '', medium: '', campaign: '' }],
    ['all three utm parameters, trimmed and lower-cased', 'utm_source=%20Newsletter%20&utm_medium=Email&utm_campaign=Spring-Launch', { source: 'newsletter', medium: 'email', campaign: 'spring-launch' }],
    ['ref standing in for utm_source', 'ref=HackerNews&utm_medium=social', { source: 'hackernews', medium: 'social', campaign: '' }],
    ['source standing in for utm_source', 'source=weekly', { source: 'weekly', medium: '', campaign: '' }],
    ['utm_source winning over ref', 'ref=hn&utm_source=twitter', { source: 'twitter', medium: '', campaign: '' }],
    ['ref winning over source', 'source=weekly&ref=hn', { source: 'hn', medium: '', campaign: '' }],
    ['a blank utm_source giving way to ref', 'utm_source=%20&ref=hn', { source: 'hn', medium: '', campaign: '' }],
  ] as const)('reads %s', (_name, query, expected) => {
    expect(q(query)).toEqual(expected)
  })

  test('cuts each value to 100 characters', () => {
    const long = 'x'.repeat(150)
    expect(q(`utm_source=${long}&utm_medium=${long}&utm_campaign=${long}`)).toEqual({ source: 'x'.repeat(100), medium: 'x'.repeat(100), campaign: 'x'.repeat(100) })
  })

  test('does not cut a character in half at the limit', () => {
    const { source } = q(`utm_source=${'x'.repeat(99)}${encodeURIComponent('😀')}`)
    expect(source).toBe('x'.repeat(99))
  })
})
