// After an admin write, the pages it dropped are rendered again in the background, most recently
// used first, so the next visitor gets a page from memory instead of paying for the render. A
// visitor who comes before that waits for the render under way (it started after the change).
import type { RenderCache } from './render-cache'

/** Enough for every page a personal site's visitors actually read; the rest render on demand. */
export const REWARM_LIMIT = 50

export function rewarmDroppedPages(cache: RenderCache, warm: (key: string) => Promise<void>, onError: (key: string, error: unknown) => void): void {
  let queue: string[] = []
  let running = false
  const drain = async () => {
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
    }
    running = false
  }
  cache.onDropped((keys) => {
    queue = [...new Set([...keys, ...queue])].slice(0, REWARM_LIMIT)
    // After the write's response has gone out: the admin is not kept waiting.
    if (!running) setTimeout(drain, 0)
  })
}
