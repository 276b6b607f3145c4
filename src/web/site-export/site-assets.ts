// The client assets the public site can load: its entry, CSS and every chunk reachable from them
// by static or dynamic import, and its fonts. The admin SPA's files stay out of a public export.
import { ASSET_PREFIX, type ClientAssets } from '#src/web/assets'

/** `"./chunk-x.js"`, `'./site-y.css'`, `url(./font.woff2)`: how bundles name their siblings. */
const SIBLING = /\.\/([\w.-]+)/g

export function siteAssetUrls(assets: ClientAssets): string[] {
  const found = new Set<string>()
  const visit = (url: string) => {
    const asset = assets.files.get(url)
    if (!asset || found.has(url)) return
    found.add(url)
    if (!/\.(js|css)$/.test(url)) return
    for (const m of new TextDecoder().decode(asset.body).matchAll(SIBLING)) visit(ASSET_PREFIX + m[1])
  }
  // The fonts are named by their stylesheet with absolute URLs (assets.ts fontsAsFiles).
  for (const url of [assets.site.entry, ...assets.site.css, ...assets.site.preload, ...assets.site.fonts]) visit(url)
  return [...found].sort()
}
