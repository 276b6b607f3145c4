// Brotli at its best for plain pages, made in the background one page at a time, never on a request's path.
import { brotliCompress, constants } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { isVariant, type CachedPage, type PageStored, type RenderCache } from './render-cache'

/** More than the plain pages a personal site has; past it the page waiting longest goes without brotli. */
export const BEST_QUEUE_LIMIT = 200

/** Brotli quality 11, off the event loop in zlib's thread pool. */
export const brotliBest = (body: Uint8Array<ArrayBuffer>) =>
  new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) =>
    brotliCompress(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, (error, out) =>
      error ? reject(error) : resolve(new Uint8Array(out)),
    ),
  )

/**
 * The subscriber that adds brotli 11 to each plain page the cache stores. Query variants never
 * get it: any visitor can make new ones, and they are kept briefly in a small bucket, so gzip
 * alone serves them.
 * NOTE: quality 11 is some 18% smaller than the stored gzip but costs 15-25 ms of CPU a page; on
 * the request's path a flood of misses queued thousands of them (issue 17).
 */
export function compressBestInBackground(cache: RenderCache): (stored: PageStored) => void {
  // Waiting longest first (lru-cache): a page stored again goes to the back with its new bytes.
  const queue = new LRUCache<string, { key: string; page: CachedPage }>({ max: BEST_QUEUE_LIMIT })
  let running = false
  const drain = async () => {
    // Pages stored meanwhile join the queue and are taken too.
    for (let next = queue.pop(); next; next = queue.pop()) {
      const { key, page } = next
      if (!cache.holds(key, page)) continue
      try {
        cache.addEncoding(key, page, 'br', await brotliBest(page.encoded.body))
      } catch {
        // The page is served gzipped, as a variant is.
      }
    }
    running = false
  }
  return ({ key, page }) => {
    if (isVariant(key) || page.encoded.br) return
    queue.set(key, { key, page })
    if (running) return
    running = true
    // Started after the request that stored the page has been answered, never inside it.
    setImmediate(() => void drain())
  }
}
