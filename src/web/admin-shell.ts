// The admin SPA's shell: no data, no server rendering, never cached, never indexed.
import { STATE_ELEMENT_ID, type SiteConfig } from '../contract/site'
import type { EntryAssets } from './assets'
import { escapeHtml, HEAD_SCRIPT, jsonForScript } from './document'

export function adminShell(site: SiteConfig, assets: EntryAssets): Response {
  const html =
    `<!doctype html><html lang="en" data-theme="${site.defaultTheme}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">' +
    `<script>${HEAD_SCRIPT}</script>` +
    `<title>Admin - ${escapeHtml(site.siteName)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('') +
    [assets.entry, ...assets.preload].map((href) => `<link rel="modulepreload" href="${href}">`).join('') +
    `</head><body><div id="root"></div><script type="application/json" id="${STATE_ELEMENT_ID}">${jsonForScript({ site })}</script>` +
    `<script type="module" src="${assets.entry}"></script></body></html>`
  return new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } })
}
