// Requests as real browsers send them: folio counts only those (bots and headless clients are
// filtered), so analytics tests speak as a browser, each "person" its own address (the server
// runs with TRUST_PROXY=1 and reads the address from X-Forwarded-For).
export const USER_AGENTS = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroidTablet: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  headlessChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36',
} as const

let next = 1
/** A new address for each call: one call, one person. */
export const freshIp = () => `198.51.${Math.floor(next / 250) % 250}.${(next++ % 250) + 1}`

/** The headers of a browser at `ip` (a fresh one when not given). */
export function browser(options: { ua?: string; ip?: string; headers?: Record<string, string> } = {}): Record<string, string> {
  return { 'user-agent': options.ua ?? USER_AGENTS.chromeWindows, 'accept-language': 'en-GB,en;q=0.9', 'x-forwarded-for': options.ip ?? freshIp(), ...options.headers }
}

/** A page load as a browser's address bar sends it. */
export const pageLoad = (extra: Record<string, string> = {}) => ({ accept: 'text/html', 'sec-fetch-dest': 'document', ...extra })
