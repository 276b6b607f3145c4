// The site config of spec section 3, as the client receives it.
import type { Config } from '../config'
import type { SiteConfig } from '../contract/site'

export const siteConfigOf = (config: Config): SiteConfig => ({
  apiBase: config.apiBase,
  siteName: config.site.name,
  seo: { title: config.site.seoTitle, description: config.site.seoDescription },
  githubUrl: config.site.githubUrl,
  linkedInUrl: config.site.linkedInUrl,
  tagline: config.site.tagline,
  heroTitle: config.site.heroTitle,
  heroSubtitle: config.site.heroSubtitle,
  captchaSiteKey: config.captcha?.siteKey ?? null,
  messageMetaDays: config.messageMetaDays,
  pageViews: !config.analytics.enabled ? 'off' : config.staticExport ? 'beacon' : 'server',
  ...(config.staticExport ? { staticSite: true as const } : {}),
})
