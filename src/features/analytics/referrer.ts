// Analytics room: where a visit came from (referring host, campaign).
import { SPAM_REFERRERS } from './spam-referrers'

// The longest a DNS name can be; a longer "host" is not a real site.
const HOST_MAX = 253
const CAMPAIGN_MAX = 100

/** Lower-case, without a trailing root dot or a leading 'www.'. */
function bareHost(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  return host.startsWith('www.') ? host.slice(4) : host
}

/** siteHost may come with a port or in capitals; the URL parser normalises it like a referrer. */
function siteHostname(siteHost: string): string {
  try {
    return bareHost(new URL(`http://${siteHost}`).hostname)
  } catch {
    return bareHost(siteHost)
  }
}

/** The referring site's host to store: lower-case, no 'www.', no port; null for none, for our own host (`siteHost`, compared without 'www.'), for non-http(s) referrers (android-app:// included), for spam, for invalid URLs, and for hosts past 253 chars. */
export function referrerHost(referer: string | null, siteHost: string): string | null {
  if (referer === null || referer.trim() === '') return null
  let url: URL
  try {
    url = new URL(referer.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const host = bareHost(url.hostname)
  if (host === '' || host.length > HOST_MAX) return null
  if (host === siteHostname(siteHost) || isSpamReferrer(host)) return null
  return host
}

/** Whether a host (or any parent domain of it) is on the spam-referrer list. */
export function isSpamReferrer(host: string): boolean {
  let candidate = host.slice(0, HOST_MAX + 1).toLowerCase().replace(/\.$/, '')
  for (;;) {
    if (SPAM_REFERRERS.has(candidate)) return true
    const dot = candidate.indexOf('.')
    if (dot === -1) return false
    candidate = candidate.slice(dot + 1)
  }
}

export type Campaign = { source: string; medium: string; campaign: string }

/** Trimmed, lower-cased, at most `max` UTF-16 units without cutting a character in half. */
function clip(value: string | null, max: number): string {
  const text = (value ?? '').trim().toLowerCase()
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  const cut = code >= 0xd800 && code <= 0xdbff ? max - 1 : max
  return text.slice(0, cut).trimEnd()
}

/** utm_source / utm_medium / utm_campaign of a page URL's query ('' when absent), trimmed, lower-cased, max 100 chars each; `ref` and `source` query params count as utm_source when utm_source is absent (common on links shared from newsletters and Hacker News style sites). */
export function campaignOf(search: URLSearchParams): Campaign {
  // NOTE: a blank utm_source is as good as none, so the fallbacks get their turn.
  const source = [search.get('utm_source'), search.get('ref'), search.get('source')].map((v) => clip(v, CAMPAIGN_MAX)).find((v) => v !== '') ?? ''
  return { source, medium: clip(search.get('utm_medium'), CAMPAIGN_MAX), campaign: clip(search.get('utm_campaign'), CAMPAIGN_MAX) }
}
