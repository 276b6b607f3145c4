// The address of a list page (/blog, /projects) as its island's state: the island writes its
// filters there with history (client/site/page-views-script.ts counts each change), follows back
// and forward, and answers its own links (tag chips, Clear) in place instead of loading the page.
import { useEffect, useRef, type MouseEvent } from 'react'
import type { ListFilters } from '#src/contract/paths'

/** The search and tag of a list's URL, trimmed; a blank one is left out. */
export function readListFilters(query: URLSearchParams): ListFilters {
  const search = query.get('search')?.trim()
  const tag = query.get('tag')?.trim()
  return { ...(search ? { search } : {}), ...(tag ? { tag } : {}) }
}

/** The filters in the address now. */
export const addressFilters = () => readListFilters(new URLSearchParams(location.search))

/** One string per search+tag pair: a cache key, a comparison. */
export const filtersKey = ({ search, tag }: ListFilters) => `${search ?? ''}\n${tag ?? ''}`

/** Shows `href` in the address: a new history entry, or (`replace`) in place of this one. */
export function showInAddress(href: string, replace = false) {
  if (href === location.pathname + location.search) return
  if (replace) history.replaceState(null, '', href)
  else history.pushState(null, '', href)
}

/**
 * Calls `follow` once hydrated (a static export's page was rendered without its query, so the
 * island applies it now) and whenever back or forward changes the address.
 */
export function useFollowAddress(follow: () => void) {
  const latest = useRef(follow)
  latest.current = follow
  useEffect(() => {
    const onPop = () => latest.current()
    onPop()
    window.addEventListener('popstate', onPop)
    return () => window.removeEventListener('popstate', onPop)
  }, [])
}

/**
 * The path and query of a link to the list's own `path` that was clicked plainly (no modifier key,
 * no new tab), its default prevented; null for any other click, which the browser handles.
 */
export function ownLinkClick(event: MouseEvent<HTMLElement>, path: string): string | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null
  const link = (event.target as Element).closest('a[href]')
  if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null
  const url = new URL(link.href, location.href)
  if (url.origin !== location.origin || url.pathname !== path || url.hash) return null
  event.preventDefault()
  return url.pathname + url.search
}
