// Page views (spec sections 4 and 7) from a page with no client router: the first view of the
// page (unless the server counted it) and each change of query an island makes (filters); never
// /admin. A prerendered page (Speculation Rules) was not counted by the server, and is counted
// only once the visitor actually opens it.
// NOTE: a sendBeacon, else one fetch: the full API client (client/lib/api.ts) would double this
// page's script for retries a lost page view does not need.
import { API_PREFIX, pageView } from '#src/contract/api-paths'
import type { PageBoot } from '#src/contract/site'
import { pageLocation, resolveApiBase } from '#client/lib/api-base'
import { isTrackedPath } from '#client/lib/tracked-path'

type PrerenderDocument = Document & { prerendering?: boolean }
type Navigation = PerformanceEntry & { activationStart?: number; deliveryType?: string }
/**
 * True when the server never counted this page: it was prerendered and then shown, or Chromium
 * fetched it ahead as a prefetch (Sec-Purpose: prefetch, what a prerender falls back to) and showed
 * that answer (deliveryType 'navigational-prefetch').
 */
function servedAhead(): boolean {
  const nav = performance.getEntriesByType?.('navigation')[0] as Navigation | undefined
  return (nav?.activationStart ?? 0) > 0 || nav?.deliveryType === 'navigational-prefetch'
}

function send(url: string, body: { path: string; referrer?: string }) {
  // A string body goes out as text/plain, a CORS-safelisted type: no preflight to an API base.
  const text = JSON.stringify(body)
  try {
    if (navigator.sendBeacon?.(url, text)) return
  } catch {
    // fall through to fetch
  }
  fetch(url, { method: 'POST', body: text, keepalive: true, headers: { 'content-type': 'text/plain' } }).catch(() => {
    // A lost page view must never disturb the visitor.
  })
}

function onQueryChange(callback: () => void) {
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history)
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args)
      callback()
    }
  }
  window.addEventListener('popstate', callback)
}

export function startPageViews(boot: Partial<PageBoot>) {
  if (!boot.pageViews || boot.pageViews === 'off') return
  // A static export without an API base has nothing to send views to.
  if (boot.staticSite && !boot.apiBase) return
  const url = resolveApiBase(boot.apiBase, pageLocation()) + API_PREFIX + pageView
  const start = (prerendered: boolean) => {
    let previous = location.pathname + location.search
    // The server counted the page it sent, unless it was a prerender.
    if (boot.pageViews !== 'server' || prerendered) {
      if (isTrackedPath(previous)) send(url, document.referrer ? { path: previous, referrer: document.referrer } : { path: previous })
    }
    onQueryChange(() => {
      const now = location.pathname + location.search
      if (now === previous) return
      previous = now
      if (isTrackedPath(now)) send(url, { path: now })
    })
  }
  const doc = document as PrerenderDocument
  if (doc.prerendering) doc.addEventListener('prerenderingchange', () => start(true), { once: true })
  else start(servedAhead())
}
