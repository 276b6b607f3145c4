// Resume room: what a visitor's browser gets when a link cannot hand out the resume. A form POST
// or an address opened in a browser asks for HTML; an API client (Accept: application/json)
// keeps the contract's JSON error. Decision: docs/decisions/site/054-resume-link-refusals.md.
import * as paths from '#src/contract/paths'
import { RESUME_MESSAGES } from '#src/contract/resume'
import { escapeHtml } from '#src/contract/text'

/** A browser: a form post, or an Accept that names HTML before (or without) JSON. */
export function wantsHtml(request: Request): boolean {
  const type = request.headers.get('content-type') ?? ''
  if (/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return true
  const accept = (request.headers.get('accept') ?? '').toLowerCase()
  const html = accept.indexOf('text/html')
  const json = accept.indexOf('application/json')
  return html !== -1 && (json === -1 || html < json)
}

export type Refusal = 'notFound' | 'used' | 'expired' | 'unavailable'

const WORDS: Record<Refusal, { title: string; text: string; next: string }> = {
  notFound: { title: 'Link not found', text: RESUME_MESSAGES.notFound, next: 'Check that the address was copied whole, or ask for a new link.' },
  used: { title: 'Link already used', text: RESUME_MESSAGES.used, next: 'Each link downloads the resume once. Ask for a new link if you need it again.' },
  expired: { title: 'Link expired', text: RESUME_MESSAGES.expired, next: 'Links work for a limited time. Ask for a new link.' },
  unavailable: { title: 'Resume not available', text: RESUME_MESSAGES.unavailable, next: 'Your link was not used up: try it again later, or ask for the resume another way.' },
}

export const refusalMessage = (refusal: Refusal) => WORDS[refusal].text

/**
 * What a page built outside the site's renderer takes from it (src/web gives it, src/app.ts
 * passes it): the site's stylesheets, and the head's one inline script, which the CSP allows by hash.
 */
export type PageFrame = { css: string[]; headScript: string }

/**
 * The page in the site's frame (header with the site's name, main, footer), built without React:
 * it costs nothing and never hydrates. Private like the link: no-store, no-referrer, noindex.
 */
export function refusalPage(status: number, refusal: Refusal, siteName: string, { css, headScript }: PageFrame): Response {
  const w = WORDS[refusal]
  const name = escapeHtml(siteName)
  const html =
    `<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="dark light">' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    `<script>${headScript}</script>` +
    `<title>${escapeHtml(w.title)} - ${name}</title><meta name="robots" content="noindex">` +
    css.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join('') +
    `</head><body><a class="skip-link" href="#main">Skip to content</a>` +
    `<header class="site-header"><div class="header-inner"><a class="brand" href="/">${name}</a></div></header>` +
    `<main id="main" tabindex="-1"><div class="page resume resume-refusal"><header class="page-header"><h1>${escapeHtml(w.title)}</h1></header>` +
    `<section class="card resume-card" data-refusal="${refusal}"><p><strong>${escapeHtml(w.text)}</strong></p><p>${escapeHtml(w.next)}</p>` +
    `<p><a class="button primary" href="${paths.contact}">Ask through the contact form</a> <a class="button" href="/">Go to the home page</a></p></section></div></main>` +
    `<footer class="site-footer"><div class="footer-inner"><p>© ${name}</p></div></footer></body></html>`
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' },
  })
}
