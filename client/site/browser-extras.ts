// Behaviour outside React's tree: page-view beacons on every path+query change, and the copy
// buttons of server-rendered code blocks (event delegation, so markdown HTML stays static).
import type { SiteConfig } from '#src/contract/site'
import type { ApiClient } from '../lib/api'
import { createPageViewTracker } from '../lib/page-views'

function onNavigation(callback: () => void) {
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history)
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args)
      callback()
    }
  }
  window.addEventListener('popstate', callback)
}

function copyButtons() {
  document.addEventListener('click', async (event) => {
    const button = (event.target as Element | null)?.closest?.('button[data-copy]')
    const code = button?.closest('figure')?.querySelector('pre')
    if (!button || !code) return
    try {
      await navigator.clipboard.writeText(code.textContent ?? '')
      button.textContent = 'Copied'
    } catch {
      button.textContent = 'Copy failed'
    }
    setTimeout(() => (button.textContent = 'Copy'), 1500)
  })
}

/**
 * `api` is null on a static export without an API: page views are then not counted; nor when
 * analytics are off. NOTE: a browser sending Global Privacy Control sends `Sec-GPC: 1` with its
 * beacon too, and the server counts none of it; the page stays lean rather than check twice.
 */
export function startBrowserExtras(api: ApiClient | null, site: Pick<SiteConfig, 'pageViews'>) {
  if (api && site.pageViews !== 'off') {
    const tracker = createPageViewTracker({ api, firstCounted: site.pageViews === 'server', referrer: site.pageViews === 'beacon' ? document.referrer : '' })
    const track = () => tracker.track(location.pathname + location.search)
    track()
    onNavigation(track)
  }
  copyButtons()
}
