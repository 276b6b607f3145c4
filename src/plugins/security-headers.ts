// The security headers every answer carries (pages, admin shell, JSON, event streams, assets,
// errors): one strict Content-Security-Policy and the headers the HTTP Observatory grades.
//
// NOTE: scripts are allowed by hash, not by nonce. A page's only inline scripts are HEAD_SCRIPT
// and SPECULATION_RULES (src/web/document.ts, handed in by app.ts), constant text, so their hashes
// are fixed at start: a cached page keeps fixed
// bytes (precompressed once, served by Bun's router with precomputed headers) and the policy
// costs nothing per request. The boot block is a JSON data block, which CSP does not run. React would add
// inline scripts only for Suspense boundaries still pending when the shell is sent; public pages
// prefetch everything first, so none are, and the browser tests record zero violations.
import { createHash } from 'node:crypto'
import { Elysia } from 'elysia'
import { absoluteUrl, type SiteOrigin } from '../contract/site-origin'
import type { CaptchaConfig } from '../lib/captcha'
import { pathOnly } from '../lib/request-path'
import type { TrustedProxies } from '../lib/trusted-proxies'

/** hCaptcha's documented hosts, allowed only when a captcha is configured. */
export const HCAPTCHA_SOURCES = ['https://hcaptcha.com', 'https://*.hcaptcha.com']
/** Where client/lib/video-embed.ts points a project's video frame. */
export const VIDEO_FRAME_SOURCES = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com']

/** The settings the policy depends on (src/config.ts). */
type SecurityConfig = { origin: SiteOrigin; captcha: CaptchaConfig | null; apiBase: string; frameAncestors: string[] }
type Redirecting = { origin: SiteOrigin; trustProxy: TrustedProxies | null }

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`

const originOf = (url: string) => {
  try {
    return /^https?:\/\//.test(url) ? [new URL(url).origin] : []
  } catch {
    return []
  }
}

/** `inlineScripts`: the text of every inline script a page carries, each allowed by its hash. */
export function contentSecurityPolicy(config: SecurityConfig, inlineScripts: readonly string[]): string {
  const captcha = config.captcha ? HCAPTCHA_SOURCES : []
  const directives: string[][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScripts.map(hashOf), ...captcha],
    ['style-src', "'self'", ...captcha],
    // NOTE: the one exception, and a narrow one: style attributes (shiki's token colours in stored
    // post HTML, React's style props on the server); no <style> elements, no inline script.
    ['style-src-attr', "'unsafe-inline'"],
    // Project images, galleries and videos may live on any https host (the author's choice).
    ['img-src', "'self'", 'https:'],
    ['media-src', "'self'", 'https:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...originOf(config.apiBase), ...captcha],
    ['frame-src', "'self'", ...VIDEO_FRAME_SOURCES, ...captcha],
    ['worker-src', "'none'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', ...config.frameAncestors],
    ...(config.origin.secure ? [['upgrade-insecure-requests']] : []),
  ]
  return directives.map((d) => d.join(' ')).join('; ')
}

/** HSTS for two years (the Observatory's A+ wants at least six months) once the site is https. */
export const HSTS = 'max-age=63072000; includeSubDomains'

export function securityHeadersOf(config: SecurityConfig, inlineScripts: readonly string[]): Record<string, string> {
  const framing = config.frameAncestors.join(' ')
  return {
    'content-security-policy': contentSecurityPolicy(config, inlineScripts),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The page-view beacon alone says cross-origin (an empty 204 a static export elsewhere sends).
    'cross-origin-resource-policy': 'same-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    // For browsers without frame-ancestors; it cannot name other origins, so only when none are allowed.
    ...(framing === "'self'" ? { 'x-frame-options': 'SAMEORIGIN' } : framing === "'none'" ? { 'x-frame-options': 'DENY' } : {}),
    ...(config.origin.secure ? { 'strict-transport-security': HSTS } : {}),
  }
}

/**
 * The admin and the capability pages (preview and resume links) are never framed, whatever
 * FRAME_ANCESTORS allows: FRAME_ANCESTORS is for embedding the public site, and a framed admin or
 * link page is a clickjacking target (a hidden Publish, a Download that burns a one-time link).
 */
export const UNFRAMABLE = /^\/+(admin|api\/+admin|preview|resume|api\/+resume)(\/|$)/

/** `headers` with every frame refused (the CSP's frame-ancestors and X-Frame-Options for older browsers). */
export function unframable(headers: Record<string, string>): Record<string, string> {
  const csp = headers['content-security-policy']!.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'")
  return { ...headers, 'content-security-policy': csp, 'x-frame-options': 'DENY' }
}

/**
 * Behind a proxy (TRUST_PROXY) on an https site, a request the proxy received over plain http is
 * sent to the https address (301): the Observatory's redirection check, when the proxy does not.
 */
export function httpsRedirect(request: Request, config: Redirecting): Response | null {
  if (!config.trustProxy || !config.origin.secure) return null
  if (request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() !== 'http') return null
  const url = new URL(request.url)
  return new Response(null, { status: 301, headers: { location: absoluteUrl(config.origin, url.pathname + url.search), 'cache-control': 'no-store' } })
}

/**
 * Merges `headers` (securityHeadersOf, built once) into every answer, errors included; an answer's
 * own header of the same name wins (a resume page's Referrer-Policy: no-referrer).
 */
export const securityHeaders = (headers: Record<string, string>, config: Redirecting) => {
  const locked = unframable(headers)
  return new Elysia({ name: 'folio.security-headers' }).onRequest(({ request, set }) => {
    Object.assign(set.headers, UNFRAMABLE.test(pathOnly(request.url)) ? locked : headers)
    return httpsRedirect(request, config) ?? undefined
  })
}
