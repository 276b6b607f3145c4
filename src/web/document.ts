// The HTML document around the server-rendered page: a head written by us (so it can go out first
// and stay byte-identical for caching), the page in #root, the page script's boot block as inert
// JSON, the page script (decision 066).
import type { Head } from '#client/site/route-types'
import * as paths from '../contract/paths'
import { BOOT_ELEMENT_ID, type PageBoot } from '../contract/site'
import { escapeHtml } from '../contract/text'

/**
 * Runs before first paint: the visitor's stored theme (else the site's default, on <html>) and embed mode (?embed=1 or inside a
 * frame). NOTE: constant text, so a strict CSP can allow it by hash.
 */
export const HEAD_SCRIPT = `(function(){var d=document.documentElement;d.classList.add('js');try{var t=localStorage.getItem('theme');if(t==='light'||t==='dark')d.dataset.theme=t}catch(e){}var e=/[?&]embed=1(&|$)/.test(location.search);try{if(window.self!==window.top)e=true}catch(x){e=true}if(e)d.classList.add('embed')})()`

/**
 * Speculation Rules (decision 066): a link the visitor is about to follow (hover, pointer down)
 * is prerendered, so public pages open at once without a client router. Never the admin, the API,
 * a one-time resume link, a draft's preview, the demo (it opens a live stream) or the feeds.
 * NOTE: constant text, allowed by hash like HEAD_SCRIPT; a prerendered page is counted only
 * once shown (client/site/page-views-script.ts).
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          ...['/admin', '/admin/*', '/api/*', '/resume/*', '/preview/*', '/demo/*', '/feed*', '/*.xml', '/uploads/*'].map((p) => ({ not: { href_matches: p } })),
        ],
      },
      eagerness: 'moderate',
    },
  ],
})

export { escapeHtml }

/** JSON safe inside <script>: no `<` (so no `</script>` or `<!--`), no U+2028/U+2029. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/** Feed autodiscovery, on every page (src/features/feeds). */
const FEED_LINKS =
  `<link rel="alternate" type="application/atom+xml" title="Blog (Atom)" href="${paths.feeds().atom}">` +
  `<link rel="alternate" type="application/feed+json" title="Blog (JSON Feed)" href="${paths.feeds().json}">`

/** `fonts`: the stylesheet's font files; the first (the text's) is preloaded. */
export type DocumentAssets = { css: string[]; entry: string; preload: string[]; fonts?: string[] }

/** `hydrate: false`: a page that stays as rendered (a draft's preview): no entry script, no preloads. */
/** `theme`: the site's default theme; `style`: the accent's custom properties (src/contract/owner/accent.ts). */
export type DocumentLook = { theme: 'dark' | 'light'; style: string }
const DEFAULT_LOOK: DocumentLook = { theme: 'dark', style: '' }

export function documentStart(assets: DocumentAssets, { hydrate = true, look = DEFAULT_LOOK }: { hydrate?: boolean; look?: DocumentLook } = {}): string {
  return (
    `<!doctype html><html lang="en" data-theme="${look.theme}"${look.style ? ` style="${escapeHtml(look.style)}"` : ''}><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="dark light">' +
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">' +
    FEED_LINKS +
    `<script>${HEAD_SCRIPT}</script>` +
    (hydrate ? `<script type="speculationrules">${SPECULATION_RULES}</script>` : '') +
    // The text's font is asked for with the stylesheet, not once the stylesheet is parsed.
    (assets.fonts?.[0] ? `<link rel="preload" href="${assets.fonts[0]}" as="font" type="font/woff2" crossorigin>` : '') +
    assets.css.map((href) => `<link rel="stylesheet" href="${href}">`).join('') +
    (hydrate ? [assets.entry, ...assets.preload].map((href) => `<link rel="modulepreload" href="${href}">`).join('') : '')
  )
}

/**
 * `share`: the page's social card and structured data (src/web/share-meta.ts); `banner`: markup
 * shown above the app (a preview's notice).
 */
export function documentHead(head: Head, canonical: string, share = '', banner = ''): string {
  return (
    `<title>${escapeHtml(head.title)}</title>` +
    `<meta name="description" content="${escapeHtml(head.description)}">` +
    (canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '') +
    (head.noindex ? '<meta name="robots" content="noindex">' : '') +
    share +
    '</head><body>' +
    banner +
    '<div id="root">'
  )
}

export function documentEnd(boot: PageBoot, assets: DocumentAssets, { hydrate = true } = {}): string {
  if (!hydrate) return '</div></body></html>'
  return (
    `</div><script type="application/json" id="${BOOT_ELEMENT_ID}">${jsonForScript(boot)}</script>` +
    `<script type="module" src="${assets.entry}"></script></body></html>`
  )
}
