// Site config and the data source, provided once at the root of the public app.
import { createContext, useContext, type ReactNode } from 'react'
import type { SiteConfig } from '#src/contract/site'
import { LINK_KEYS, LINK_LABELS, type LinkKey } from '#src/contract/owner/social-links'
import type { SiteData } from './site-data'

type SiteContextValue = { site: SiteConfig; data: SiteData }
const SiteContext = createContext<SiteContextValue | null>(null)

export function SiteProvider({ site, data, children }: SiteContextValue & { children: ReactNode }) {
  return <SiteContext.Provider value={{ site, data }}>{children}</SiteContext.Provider>
}

function useSiteContext(): SiteContextValue {
  const value = useContext(SiteContext)
  if (!value) throw new Error('SiteProvider is missing')
  return value
}

export const useSite = () => useSiteContext().site
export const useSiteData = () => useSiteContext().data

/** True when something answers API calls: the live site, or a static export made with API_BASE set. */
export const hasLiveApi = (site: SiteConfig) => !site.staticSite || site.apiBase.trim() !== ''

/**
 * The owner's links elsewhere (settings `links`) as list items, for the footer's and the home
 * page's lists. Profiles carry rel="me" so Mastodon or IndieWeb can verify this site links back.
 * NOTE: here, not in a component file of its own: the footer (first load) and the home page (a
 * lazy chunk) both use it, and a module of its own would be one more first-load chunk.
 */
/** `icon`: what goes before each link's name (the home page's icons; none in the footer). */
export function SocialLinkItems({ site, ping, icon }: { site: Pick<SiteConfig, 'links'>; ping?: string | undefined; icon?: (key: LinkKey) => ReactNode }) {
  return LINK_KEYS.flatMap((key) => {
    const value = site.links[key]
    if (!value) return []
    const profile = key !== 'email'
    return [
      <li key={key}>
        <a href={profile ? value : `mailto:${value}`} {...(profile ? { rel: 'me noopener noreferrer', ping } : {})}>
          {icon?.(key)}
          {LINK_LABELS[key]}
        </a>
      </li>,
    ]
  })
}

export const hasSocialLinks = (site: Pick<SiteConfig, 'links'>) => LINK_KEYS.some((key) => site.links[key])
