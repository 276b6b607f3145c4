// After a change, the pages it dropped are rendered again in the background, most recently
// used first, so later visitors get a page from memory instead of paying for the render.
//
// NOTE: the re-rendering starts once writes have paused for REWARM_QUIET_MS, not at once. An
// admin's edits come in bursts (a save, an upload, another save), and each write would otherwise
// restart rendering tens of pages; and a visitor who comes in that pause renders the one page
// they asked for with the machine to themselves, instead of queueing behind the re-renders (or
// sharing the event loop with them). Between two pages the loop is yielded, so visitors keep
// priority while it runs.
import type { PagesDropped } from './events'
import type { RenderCache } from './render-cache'

/** Enough for every page a personal site's visitors actually read; the rest render on demand. */
export const REWARM_LIMIT = 50
export const REWARM_QUIET_MS = 250

/** The subscriber that renders dropped pages again; `warm` renders one key into the cache. */
export function rewarmDroppedPages(cache: RenderCache, warm: (key: string) => Promise<void>, onError: (key: string, error: unknown) => void): (change: PagesDropped) => void {
  let queue: string[] = []
  let running = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const drain = async () => {
    timer = undefined
    running = true
    while (queue.length) {
      const key = queue.shift()!
      // Someone asked for it meanwhile: it is cached or rendering already.
      if (cache.get(key) || cache.pending(key)) continue
      try {
        await warm(key)
      } catch (error) {
        onError(key, error)
      }
      await new Promise((resolve) => setImmediate(resolve))
    }
    running = false
  }
  return ({ dropped }) => {
    // A change that dropped nothing here does not restart the pause.
    if (!dropped.length) return
    queue = [...new Set([...dropped, ...queue])].slice(0, REWARM_LIMIT)
    if (running) return
    clearTimeout(timer)
    timer = setTimeout(drain, REWARM_QUIET_MS)
    // A pending re-render must not keep a stopping server alive.
    timer.unref?.()
  }
}
