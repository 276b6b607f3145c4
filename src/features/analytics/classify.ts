// Analytics room: whether a request may be counted at all, and if not, whether it is a bot
// (counted apart, with its reason) or a person who asked not to be counted.
import { botByHeaders, botByUserAgent, type BotReason } from './bots'

export type Verdict = { kind: 'count'; userAgent: string } | { kind: 'bot'; reason: BotReason } | { kind: 'skip' }

/**
 * `isAdmin` answers for the request's session cookie (the signed-in owner is never counted).
 * NOTE: Global Privacy Control is honoured before anything else: such a visit is not counted in
 * any figure, not even as a bot.
 */
export function classifyRequest(headers: Headers, isAdmin: (headers: Headers) => boolean): Verdict {
  if (headers.get('sec-gpc')?.trim() === '1') return { kind: 'skip' }
  if (headers.has('cookie') && isAdmin(headers)) return { kind: 'skip' }
  const userAgent = headers.get('user-agent')
  const reason = botByUserAgent(userAgent) ?? botByHeaders(headers)
  if (reason) return { kind: 'bot', reason }
  return { kind: 'count', userAgent: userAgent ?? '' }
}

/** Browsers mark prefetches and frames; neither is someone reading the page. */
export function pageLoadKind(headers: Headers): 'view' | 'frame' | 'other' {
  // Most loads carry neither header: only then is a string built.
  const secPurpose = headers.get('sec-purpose')
  const purposeHeader = headers.get('purpose')
  if (secPurpose !== null || purposeHeader !== null) {
    const purpose = `${secPurpose ?? ''} ${purposeHeader ?? ''}`.toLowerCase()
    if (purpose.includes('prefetch') || purpose.includes('prerender')) return 'other'
  }
  const dest = headers.get('sec-fetch-dest')
  if (dest === null || dest === 'document') return 'view'
  return dest === 'iframe' || dest === 'frame' ? 'frame' : 'other'
}
