// Everything the page cache sets off, in one place. A change of public content (an admin write
// its route declares, a scheduled item going public, new image variants) is one PagesChanged
// (./events.ts); the cache drops the pages that show it (render-cache.ts `change`), then runs
// these, in this order, with the keys it dropped. A page stored runs its own.
import type { Config } from '#src/config'
import type { Logger } from '#src/lib/logger'
import { compressBestInBackground } from './best-compression'
import { startPurger } from './purger'
import { purgeTargets, sitePagesShowing, type Showing } from './purge-targets'
import type { RenderCache } from './render-cache'
import { rewarmDroppedPages } from './rewarm'

export type SubscriberDeps = {
  config: Config
  log: Logger
  /** Renders one cache key into the cache (the site's renderer, src/web/site-pages.ts). */
  warm: (key: string) => Promise<void>
  /** The app's routes that declare what their answer shows (feeds, sitemap, API reads). */
  reads: () => Showing[]
}

export function subscribePageCache(cache: RenderCache, { config, log, warm, reads }: SubscriberDeps): { stop(): void } {
  // Brotli 11 for each plain page stored, in the background, one page at a time.
  cache.onPageStored('best-compression', compressBestInBackground(cache))

  // The pages a change dropped, rendered again once writes pause (decision 037).
  cache.onPagesChanged(
    'rewarm',
    rewarmDroppedPages(cache, warm, (key, error) => log.warn('re-render after a change failed', { key, error: String(error) })),
  )

  // BAN the changed tags at CACHE_PURGE_URLS; purge their addresses at Cloudflare (decision 061).
  // A static export serves nothing, so it purges nothing.
  const purger = config.staticExport ? null : startPurger(cache, { config, log }, async () => purgeTargets([...(await sitePagesShowing()), ...reads()]))
  if (purger) cache.onPagesChanged('purge caches in front', purger.queue)

  return { stop: () => purger?.stop() }
}
