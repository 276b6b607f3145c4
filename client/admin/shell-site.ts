// What the admin shell tells the SPA of the site (src/web/admin-shell.ts): its name for the header.
import { STATE_ELEMENT_ID, type SiteConfig } from '#src/contract/site'

/** The site's name as the shell was served with it; 'folio' when the page carries none (tests). */
export function shellSiteName(): string {
  const text = typeof document === 'undefined' ? null : document.getElementById(STATE_ELEMENT_ID)?.textContent
  if (!text) return 'folio'
  try {
    return (JSON.parse(text) as { site?: Pick<SiteConfig, 'siteName'> }).site?.siteName || 'folio'
  } catch {
    return 'folio'
  }
}
