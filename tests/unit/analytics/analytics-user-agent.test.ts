import { describe, expect, test } from 'bun:test'
import { classifyUserAgent, classifyUserAgentCached, type UserAgentClass } from '#src/features/analytics/user-agent'

const as = (browser: string, os: string, device: UserAgentClass['device']): UserAgentClass => ({ browser, os, device })

// Real User-Agent headers as the browsers send them.
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15'

describe('classifyUserAgent', () => {
  test.each([
    ['Chrome on Windows', CHROME_WINDOWS, as('Chrome', 'Windows', 'desktop')],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', as('Firefox', 'Linux', 'desktop')],
    ['Firefox on Ubuntu', 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:109.0) Gecko/20100101 Firefox/115.0', as('Firefox', 'Linux', 'desktop')],
    ['Safari on macOS', SAFARI_MAC, as('Safari', 'macOS', 'desktop')],
    ['Safari on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1', as('Safari', 'iOS', 'mobile')],
    ['Safari on an iPad before iPadOS 13', 'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1', as('Safari', 'iOS', 'tablet')],
    ['Chrome on an Android phone', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36', as('Chrome', 'Android', 'mobile')],
    ['Samsung Internet on an Android tablet', 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Safari/537.36', as('Samsung Internet', 'Android', 'tablet')],
    ['Samsung Internet on an Android phone', 'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36', as('Samsung Internet', 'Android', 'mobile')],
    ['Edge on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80', as('Edge', 'Windows', 'desktop')],
    ['Edge on Android (EdgA)', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64', as('Edge', 'Android', 'mobile')],
    ['Edge on iPhone (EdgiOS)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.2478.71 Mobile/15E148 Safari/605.1.15', as('Edge', 'iOS', 'mobile')],
    ['Opera on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0', as('Opera', 'Windows', 'desktop')],
    ['Opera Mini on an Android phone', 'Opera/9.80 (Android; Opera Mini/36.2.2254/119.132; U; id) Presto/2.12.423 Version/12.16', as('Opera', 'Android', 'mobile')],
    ['Firefox on iPhone (FxiOS)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15', as('Firefox', 'iOS', 'mobile')],
    ['Chrome on iPhone (CriOS)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1', as('Chrome', 'iOS', 'mobile')],
    ['Chrome on iPad (CriOS)', 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1', as('Chrome', 'iOS', 'tablet')],
    ['Firefox on an Android phone', 'Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0', as('Firefox', 'Android', 'mobile')],
    ['Firefox on an Android tablet', 'Mozilla/5.0 (Android 14; Tablet; rv:125.0) Gecko/125.0 Firefox/125.0', as('Firefox', 'Android', 'tablet')],
    ['Chrome on ChromeOS', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36', as('Chrome', 'ChromeOS', 'desktop')],
    ['Silk on a Kindle Fire', 'Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/124.2.1 like Chrome/124.0.6367.179 Safari/537.36', as('Chrome', 'Android', 'tablet')],
    ['a Kindle e-reader', 'Mozilla/5.0 (X11; U; Linux armv7l like Android; en-us) AppleWebKit/531.2+ (KHTML, like Gecko) Version/5.0 Safari/531.2+ Kindle/3.0+', as('Other', 'Android', 'tablet')],
    ['Vivaldi on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Vivaldi/6.7.3329.21', as('Vivaldi', 'Windows', 'desktop')],
    ['Yandex on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 YaBrowser/24.4.0.0 Safari/537.36', as('Yandex', 'Windows', 'desktop')],
    ['UC Browser on Android', 'Mozilla/5.0 (Linux; U; Android 10; en-US; RMX1851 Build/QKQ1.190918.001) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36', as('UC Browser', 'Android', 'mobile')],
    ['DuckDuckGo on Android', 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile DuckDuckGo/5 Safari/537.36', as('DuckDuckGo', 'Android', 'mobile')],
    ['Edge on Windows Phone', 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063', as('Edge', 'Windows', 'mobile')],
    ['the Android stock browser, which is not Safari', 'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30', as('Other', 'Android', 'mobile')],
    ['Internet Explorer 11, which has no family of its own', 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko', as('Other', 'Windows', 'desktop')],
    ['curl', 'curl/8.5.0', as('Other', 'Other', 'desktop')],
    ['an empty string', '', as('Other', 'Other', 'desktop')],
    ['garbage', '@@ ;; ((( ))) \u0000 ñ', as('Other', 'Other', 'desktop')],
  ] as const)('classifies %s', (_name, ua, expected) => {
    expect(classifyUserAgent(ua)).toEqual(expected)
  })

  test('counts Safari on iPadOS 13+ as a Mac, since it sends the very same header', () => {
    expect(classifyUserAgent(SAFARI_MAC)).toEqual(as('Safari', 'macOS', 'desktop'))
  })

  test('ignores tokens past the first 512 characters', () => {
    expect(classifyUserAgent(`${'x'.repeat(512)} Android Mobile Firefox/125.0`)).toEqual(as('Other', 'Other', 'desktop'))
  })

  test.each([
    ['repeated browser tokens', 'Mozilla/5.0 (Linux; Android '.repeat(400).slice(0, 10_000)],
    ['one long run of letters', 'a'.repeat(10_000)],
    ['dots and slashes', './'.repeat(5_000)],
  ])('finishes a 10,000-character junk string made of %s quickly', (_name, junk) => {
    const started = performance.now()
    for (let i = 0; i < 100; i++) classifyUserAgent(junk)
    expect(performance.now() - started).toBeLessThan(100)
  })
})

describe('classifyUserAgentCached', () => {
  test('gives the same answer as classifyUserAgent, from one shared object per UA', () => {
    const first = classifyUserAgentCached(CHROME_WINDOWS)
    expect(first).toEqual(classifyUserAgent(CHROME_WINDOWS))
    expect(classifyUserAgentCached(CHROME_WINDOWS)).toBe(first)
  })

  test('keeps answering correctly after the memo fills and is cleared', () => {
    for (let i = 0; i < 2_500; i++) expect(classifyUserAgentCached(`probe/${i}`)).toEqual(as('Other', 'Other', 'desktop'))
    expect(classifyUserAgentCached(SAFARI_MAC)).toEqual(as('Safari', 'macOS', 'desktop'))
  })
})
