// Site config and the data source, provided once at the root of the public app.
import { createContext, useContext, type ReactNode } from 'react'
import type { SiteConfig } from '#src/contract/site'
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
