// The page a visitor sees when rendering fails: plain HTML, status 500, no details.
import { escapeHtml } from './document'

export function serverErrorPage(siteName: string, css: string[]): Response {
  const html =
    '<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>Something went wrong - ${escapeHtml(siteName)}</title><meta name="robots" content="noindex">` +
    css.map((href) => `<link rel="stylesheet" href="${href}">`).join('') +
    '</head><body><main id="main"><div class="page"><h1>Something went wrong</h1>' +
    '<p>The page could not be shown. Please try again in a moment.</p><p><a href="/">Go to the home page</a></p></div></main></body></html>'
  return new Response(html, { status: 500, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}
