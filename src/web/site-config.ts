// The site config of spec section 3, as the client receives it: the owner's settings (kept in
// memory by the settings store) and what the configuration tells the pages.
import type { Config } from '#src/config'
import { accentStyle } from '#src/contract/owner/accent'
import type { ImageSet } from '#src/contract/media/image-set'
import type { SiteConfig } from '#src/contract/site'
import type { SettingsStore } from '#src/features/settings/service'

/**
 * With a cache in front (CACHE_PURGE_URLS or Cloudflare), most views never reach folio: the page's
 * beacon counts them, as on a static export, and the server counts none itself.
 */
export const servedFromACache = (config: Pick<Config, 'purge'>) => config.purge.caches.length > 0 || !!config.purge.cloudflare

/** `imageOf`: an upload's size and variants (src/features/uploads/image-records.ts). */
export function siteConfigOf(config: Config, settings: SettingsStore, imageOf?: (url: string) => ImageSet): SiteConfig {
  const s = settings.get()
  return {
    apiBase: config.apiBase,
    siteName: s.siteName,
    seo: { title: s.seoTitle || s.siteName, description: s.seoDescription || s.tagline },
    tagline: s.tagline,
    heroTitle: s.heroTitle,
    heroSubtitle: s.heroSubtitle,
    aboutHtml: settings.aboutHtml(),
    avatar: s.avatar,
    ...(s.avatar && imageOf ? { avatarImage: imageOf(s.avatar) } : {}),
    links: s.links,
    intros: s.intros,
    quickTags: s.quickTags,
    accentStyle: accentStyle(s.accent),
    defaultTheme: s.defaultTheme,
    demoEnabled: s.demoEnabled,
    captchaSiteKey: config.captcha?.siteKey ?? null,
    messageMetaDays: config.messageMetaDays,
    pageViews: !config.analytics.enabled ? 'off' : config.staticExport || servedFromACache(config) ? 'beacon' : 'server',
    ...(config.staticExport ? { staticSite: true as const } : {}),
  }
}

/**
 * The current site config, rebuilt only when the settings changed since the last call, or the
 * photo's variants were made (`imagesVersion` moves then: the render cache's 'site' tag).
 */
export function currentSiteConfig(config: Config, settings: SettingsStore, images?: { of: (url: string) => ImageSet; version: () => number }): () => SiteConfig {
  let seen = ''
  let site: SiteConfig
  return () => {
    const now = `${settings.version()}:${images?.version() ?? 0}`
    if (now !== seen) {
      seen = now
      site = siteConfigOf(config, settings, images?.of)
    }
    return site
  }
}
