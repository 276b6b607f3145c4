// Analytics room: reduce a User-Agent header to browser family, OS family and device class.
// NOTE: only families are kept, never versions or models, so a stored row cannot fingerprint
// anyone. Every pattern below is a plain alternation of literals (no quantifiers), so matching
// stays linear in the input however hostile it is.
import { LRUCache } from 'lru-cache'

export type DeviceClass = 'desktop' | 'mobile' | 'tablet'
export type UserAgentClass = { browser: string; os: string; device: DeviceClass }

// A real User-Agent fits well inside this; anything past it is junk not worth scanning.
const UA_MAX = 512
const MEMO_MAX = 1000

// NOTE: order matters. Edge, Opera, Samsung Internet, Vivaldi, Yandex, UC and DuckDuckGo all
// carry "Chrome/" and "Safari/" tokens too, so they are tested before Chrome, and Chrome before
// Safari. Brave sends a plain Chrome UA on purpose and so counts as Chrome.
const BROWSERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Edge', /EdgiOS\/|EdgA\/|Edg\/|Edge\//],
  ['Opera', /OPR\/|OPiOS\/|Opera/],
  ['Samsung Internet', /SamsungBrowser\//],
  ['Vivaldi', /Vivaldi\//],
  ['Yandex', /YaBrowser\//],
  ['UC Browser', /UCBrowser\/|UCWEB|UBrowser\//],
  ['DuckDuckGo', /DuckDuckGo\/|Ddg\//],
  ['Firefox', /FxiOS\/|Firefox\//],
  ['Chrome', /CriOS\/|Chrome\/|Chromium\//],
]

// NOTE: iOS UAs say "like Mac OS X" and Android ones say "Linux", so both come before those.
// Windows Phone is counted as Windows (the device class tells it apart).
const SYSTEMS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Windows', /Windows Phone/],
  ['iOS', /iPhone|iPad|iPod/],
  ['ChromeOS', /CrOS/],
  ['Android', /Android/],
  ['Windows', /Windows/],
  ['macOS', /Macintosh|Mac OS X/],
  ['Linux', /Linux/],
]

function browserOf(ua: string): string {
  for (const [name, pattern] of BROWSERS) if (pattern.test(ua)) return name
  // Android's old stock browser also says "Version/… Safari/", and it is not Safari.
  if (/Safari\//.test(ua) && /Version\//.test(ua) && !/Android/.test(ua)) return 'Safari'
  return 'Other'
}

function osOf(ua: string): string {
  for (const [name, pattern] of SYSTEMS) if (pattern.test(ua)) return name
  return 'Other'
}

/**
 * NOTE: Safari on iPadOS 13+ sends the same UA as Safari on a Mac by default, so such iPads
 * count as desktop macOS: the header alone cannot tell them apart.
 */
function deviceOf(ua: string): DeviceClass {
  if (/iPad|Kindle|Silk\//.test(ua)) return 'tablet'
  // Opera Mini on an Android phone leaves out "Mobile" as well.
  if (/iPhone|iPod|Windows Phone|Opera Mini/.test(ua)) return 'mobile'
  // Android phones add "Mobile"; Android tablets leave it out.
  if (/Android/.test(ua)) return /Tablet/.test(ua) || !/Mobi/.test(ua) ? 'tablet' : 'mobile'
  // "Tablet PC" is what old Windows laptops with a pen said, not a tablet.
  if (/Tablet(?! PC)/.test(ua)) return 'tablet'
  if (/Mobi/.test(ua)) return 'mobile'
  return 'desktop'
}

/** Parses a User-Agent header into browser family, OS family and device class only (no versions). */
export function classifyUserAgent(ua: string): UserAgentClass {
  const head = ua.slice(0, UA_MAX)
  return { browser: browserOf(head), os: osOf(head), device: deviceOf(head) }
}

// Keyed on the scanned prefix, so junk that differs only past it shares one entry.
// The least recently asked forgotten past MEMO_MAX.
const memo = new LRUCache<string, UserAgentClass>({ max: MEMO_MAX })

/** classifyUserAgent, parsing each distinct UA once while at most 1,000 are remembered. */
export function classifyUserAgentCached(ua: string): UserAgentClass {
  const key = ua.slice(0, UA_MAX)
  const known = memo.get(key)
  if (known) return known
  // Frozen because every caller with this UA shares the one object.
  const parsed = Object.freeze(classifyUserAgent(key))
  memo.set(key, parsed)
  return parsed
}
