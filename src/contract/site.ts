// Site config of spec section 3, as handed to the client: the owner's settings and what the
// server's configuration lets the pages know.
import type { ImageSet } from './media/image-set'
import type { SettingsLinks } from './owner/settings'
export type SiteConfig = {
  apiBase: string
  siteName: string
  seo: { title: string; description: string }
  tagline: string
  heroTitle: string
  heroSubtitle: string
  /** The owner's about text (settings `about`), as sanitised HTML rendered when it was saved. */
  aboutHtml: string
  /** The owner's photo (a square image under /uploads/images/), or null. */
  avatar: string | null
  /** The photo with its size and responsive variants, when there is one. */
  avatarImage?: ImageSet
  links: SettingsLinks
  intros: { projects: string; blog: string; skills: string }
  /** The skills page's quick links to project tags (spec section 2). */
  quickTags: string[]
  /** The accent's custom properties for <html style> (src/contract/owner/accent.ts): AA in both themes. */
  accentStyle: string
  defaultTheme: 'dark' | 'light'
  /** Off: /demo/dapp is a 404 and no page links it. */
  demoEnabled: boolean
  /** hCaptcha site key when the captcha is on; the contact form loads hCaptcha only then. */
  captchaSiteKey: string | null
  /** MESSAGE_META_DAYS: days a message keeps its sender's IP and user agent (0: until deleted). */
  messageMetaDays: number
  /**
   * Who counts page views: 'server' counts each page it serves and the beacon only client-side
   * navigations; 'beacon' (a static export) sends every view by beacon; 'off' (ANALYTICS=off) none.
   */
  pageViews: 'server' | 'beacon' | 'off'
  /**
   * Set on pages written by `folio export`: no folio answers page data behind them, so links load
   * whole files, lists filter in the page, and only live parts call the API (when apiBase is set).
   */
  staticSite?: true
}

/** The inert JSON block the admin's shell carries: the site config. */
export const STATE_ELEMENT_ID = 'folio-state'

/**
 * The inert JSON block of a public page: only what the page's own script needs (decision 066).
 * Islands carry their own props; nothing else of the page is serialised.
 */
export const BOOT_ELEMENT_ID = 'folio-boot'
export type PageBoot = Pick<SiteConfig, 'apiBase' | 'pageViews' | 'staticSite'>
