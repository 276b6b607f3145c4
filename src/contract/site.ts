// Site config of spec section 3, as handed to the client.
export type SiteConfig = {
  apiBase: string
  siteName: string
  seo: { title: string; description: string }
  githubUrl: string
  linkedInUrl: string
  tagline: string
  heroTitle: string
  heroSubtitle: string
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

/** The inert JSON block each page carries for hydration. */
export const STATE_ELEMENT_ID = 'folio-state'
export type PageState<Q = unknown> = { site: SiteConfig; queries: Q; notFoundPath?: string }
