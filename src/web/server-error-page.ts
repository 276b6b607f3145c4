// Plain pages for when a page cannot be shown: a fault (500, no details) or a refused filter (400).
import { escapeHtml } from './document'

/** No render and nothing cached, so they cost nothing whatever a request holds; never indexed. */
function plainPage(status: number, siteName: string, css: string[], title: string, text: string, link: { href: string; label: string }): Response {
  const html =
    '<!doctype html><html lang="en" data-theme="dark"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)} - ${escapeHtml(siteName)}</title><meta name="robots" content="noindex">` +
    css.map((href) => `<link rel="stylesheet" href="${href}">`).join('') +
    `</head><body><main id="main"><div class="page"><h1>${escapeHtml(title)}</h1>` +
    `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p></div></main></body></html>`
  return new Response(html, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } })
}

export const serverErrorPage = (siteName: string, css: string[]) =>
  plainPage(500, siteName, css, 'Something went wrong', 'The page could not be shown. Please try again in a moment.', { href: '/', label: 'Go to the home page' })

/** `problem` as pageQueryProblem words it; `path` is the page without its filters. */
export const badQueryPage = (siteName: string, css: string[], problem: string, path: string) =>
  plainPage(400, siteName, css, 'This filter cannot be used', problem, { href: path, label: 'See the page without filters' })
