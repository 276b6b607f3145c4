// Links that report being followed with the HTML `ping` attribute (no script): a module of its
// own, so the site's first-load script carries only the footer's one fixed URL.
import { PING_PATH, type PingGoal } from '#src/contract/analytics-ping'
import type { SiteConfig } from '#src/contract/site'

/**
 * The `ping` URL of a link (the browser's hyperlink auditing: it posts to it when the link is
 * followed, no script involved); undefined when views are not counted or no API answers.
 */
export function pingHref(site: Pick<SiteConfig, 'pageViews' | 'staticSite' | 'apiBase'>, goal: PingGoal): string | undefined {
  const base = site.staticSite ? site.apiBase.trim().replace(/\/+$/, '') : ''
  return site.pageViews === 'off' || (site.staticSite && !base) ? undefined : `${base}/api${PING_PATH}?goal=${goal}`
}

/** The footer's outbound links: same origin only, where the server counts (not on a static export). */
export const FOOTER_PING = `/api${PING_PATH}?goal=outbound`
