import { describe, expect, test } from 'bun:test'
import { BOT_RATE, botByHeaders, botByUserAgent, RateJudge } from '#src/features/analytics/bots'

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1'

describe('botByUserAgent', () => {
  test.each([
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['Bingbot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36'],
    ['HeadlessChrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.109 Safari/537.36'],
    ['curl', 'curl/8.5.0'],
    ['python-requests', 'python-requests/2.31.0'],
    ['GPTBot', 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)'],
  ])('names the match when %s asks', (_name, ua) => {
    const reason = botByUserAgent(ua)
    expect(reason).toStartWith('Known bot: ')
    const matched = reason!.slice('Known bot: '.length)
    expect(matched).toBe(matched.toLowerCase())
    expect(ua.toLowerCase()).toContain(matched)
  })

  test.each([
    ['curl', 'curl/8.5.0', 'Known bot: curl/8.5.0'],
    ['python-requests', 'python-requests/2.31.0', 'Known bot: python-requests/2.31.0'],
    ['HeadlessChrome', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.6099.109 Safari/537.36', 'Known bot: headless'],
  ])('gives isbot\'s matched text for %s, lower-cased', (_name, ua, expected) => {
    expect(botByUserAgent(ua)).toBe(expected)
  })

  test('cuts the matched text to 40 characters', () => {
    const reason = botByUserAgent(`${'a'.repeat(300)}`)
    expect(reason).toBe(`Known bot: ${'a'.repeat(40)}`)
  })

  test.each([
    ['Chrome on Windows', CHROME],
    ['Safari on iPhone', SAFARI_IPHONE],
  ])('lets a person on %s through', (_name, ua) => {
    expect(botByUserAgent(ua)).toBeNull()
    // The second answer comes from the memo and must agree.
    expect(botByUserAgent(ua)).toBeNull()
  })

  test.each([
    ['no header at all', null],
    ['an empty header', ''],
    ['a blank header', '   '],
  ])('says No user agent for %s', (_name, ua) => {
    expect(botByUserAgent(ua)).toBe('No user agent')
  })

  test('keeps answering correctly after the memo fills and is cleared', () => {
    for (let i = 0; i < 2_500; i++) botByUserAgent(`${CHROME} n/${i}`)
    expect(botByUserAgent('curl/8.5.0')).toBe('Known bot: curl/8.5.0')
    expect(botByUserAgent(CHROME)).toBeNull()
  })

  test('checks a UA too long to remember every time, bot token and all', () => {
    const long = `${CHROME} ${'x'.repeat(600)} (compatible; Googlebot/2.1)`
    expect(botByUserAgent(long)).toBe('Known bot: google')
    expect(botByUserAgent(long)).toBe('Known bot: google')
  })
})

describe('botByHeaders', () => {
  test.each([
    ['a browser\'s headers', { 'accept-language': 'en-GB,en;q=0.9', 'user-agent': CHROME }, null],
    ['a single language', { 'Accept-Language': 'de' }, null],
    ['no Accept-Language', { 'user-agent': CHROME }, 'No Accept-Language'],
    ['a blank Accept-Language', { 'accept-language': ' ' }, 'No Accept-Language'],
    ['no headers at all', {}, 'No Accept-Language'],
  ] as const)('judges %s', (_name, headers, expected) => {
    expect(botByHeaders(new Headers(headers))).toBe(expected)
  })
})

describe('RateJudge', () => {
  const DAY = Date.UTC(2026, 2, 1)
  const judge = () => new RateJudge(BOT_RATE)
  const hitMany = (j: RateJudge, key: string, count: number, start: number, stepMs: number) =>
    Array.from({ length: count }, (_, i) => j.hit(key, start + i * stepMs))

  test('counts 30 hits inside a minute as a person and the 31st as too fast', () => {
    const j = judge()
    expect(hitMany(j, 'v', 30, DAY, 1_000)).toEqual(Array<null>(30).fill(null))
    expect(j.hit('v', DAY + 30_000)).toBe('Too fast')
  })

  test('keeps a flagged key flagged for the rest of its UTC day, pauses or not', () => {
    const j = judge()
    hitMany(j, 'v', 31, DAY, 100)
    expect(j.hit('v', DAY + 3 * 3_600_000)).toBe('Too fast')
    expect(j.hit('v', DAY + 86_400_000 - 1)).toBe('Too fast')
  })

  test('counts the key again on a new day after reset()', () => {
    const j = judge()
    hitMany(j, 'v', 31, DAY, 100)
    j.reset()
    expect(j.size).toBe(0)
    expect(j.hit('v', DAY + 86_400_000)).toBeNull()
  })

  test('lets a flag lapse at UTC midnight even when reset() is not called', () => {
    const j = judge()
    hitMany(j, 'v', 31, DAY + 86_400_000 - 10_000, 100)
    expect(j.hit('v', DAY + 86_400_000 - 1)).toBe('Too fast')
    expect(j.hit('v', DAY + 86_400_000)).toBeNull()
  })

  test('leaves a different key alone', () => {
    const j = judge()
    hitMany(j, 'scraper', 31, DAY, 100)
    expect(j.hit('person', DAY + 5_000)).toBeNull()
  })

  test.each([
    ['30 hits spread over 2 minutes', 30, 4_000],
    ['a steady page every 2 s for 10 minutes', 300, 2_000],
  ])('slides the window: %s stay fine', (_name, count, stepMs) => {
    expect(hitMany(judge(), 'v', count, DAY, stepMs).every((r) => r === null)).toBe(true)
  })

  test('forgets hits once they leave the window', () => {
    const j = judge()
    hitMany(j, 'v', 30, DAY, 100)
    expect(j.hit('v', DAY + 60_000 + 100)).toBeNull()
  })

  test('stays at 100,000 keys, forgetting the least recently seen first', () => {
    const j = judge()
    hitMany(j, 'flagged', 31, DAY, 1)
    j.hit('first', DAY + 100)
    for (let i = 0; i < 100_010; i++) j.hit(`k${i}`, DAY + 200)
    expect(j.size).toBe(100_000)
    expect(j.hit('flagged', DAY + 300)).toBe('Too fast')
    // 'first' was evicted, so its earlier hit no longer counts towards a new burst.
    expect(hitMany(j, 'first', 30, DAY + 400, 1).every((r) => r === null)).toBe(true)
  })
})
