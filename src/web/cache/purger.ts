// Tells the caches in front of folio (Varnish, any cache that takes BAN; Cloudflare) what changed,
// after every change of the page cache: an admin write, a settings change, a scheduled item going
// public (the subscriber 'purge caches in front', ./subscribers.ts). Sent in the background, never
// in the admin's answer; merged while one is in flight; retried with a doubling wait; every
// outcome logged.
import { request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { Config } from '#src/config'
import type { ContentTag } from '#src/contract/content-tags'
import { doubling, retry } from '#src/contract/retry'
import { absoluteUrl } from '#src/contract/site-origin'
import type { Logger } from '#src/lib/logger'
import type { PagesDropped } from './events'
import type { PurgeTargets } from './purge-targets'
import type { RenderCache } from './render-cache'

/** Past this many addresses, Cloudflare is asked to drop everything (its API takes 30 per call). */
const MAX_URLS = 300
const CLOUDFLARE_BATCH = 30
const TRIES = 5
const FIRST_WAIT_MS = 1000
/** A scheduled publication is noticed within this long even when the cache in front answers everything. */
const SCHEDULE_CHECK_MS = 10_000

/**
 * NOTE: node:http, not fetch: Bun's fetch sends a method it does not know (BAN) as GET, which a
 * cache answers 200 with a page, and nothing is banned (found by tests/api/process/varnish.test.ts).
 */
function banRequest(url: string, tags: string, key: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? httpsRequest : httpRequest)(url, { method: 'BAN', headers: { 'x-folio-ban': tags, 'x-folio-purge-key': key }, timeout: 10_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s')))
    req.on('error', reject)
    req.end()
  })
}

type Job = { tags: Set<ContentTag>; items: Set<string>; dropped: Set<string> }
/** `queue`: the subscriber; `stop`: no more sends, nor schedule checks. */
export type Purger = { queue(change: PagesDropped): void; stop(): void }

/**
 * Null when no cache in front is configured. `findTargets`: each change's addresses
 * (./purge-targets.ts), found once at start and awaited before the first send.
 */
export function startPurger(cache: RenderCache, { config, log }: { config: Config; log: Logger }, findTargets: () => Promise<PurgeTargets>, opts: { firstWaitMs?: number } = {}): Purger | null {
  const { caches, cloudflare } = config.purge
  if (!caches.length && !cloudflare) return null
  const addresses = findTargets()
  // Handled where a send awaits it (the whole zone then); not an unhandled rejection meanwhile.
  addresses.catch(() => {})
  let next: Job | null = null
  let running: Promise<void> | null = null
  let stopped = false
  // 1, 2, 4 and 8 s between the 5 tries.
  const waits = doubling(opts.firstWaitMs ?? FIRST_WAIT_MS, TRIES - 1)

  const ban = async (base: string, tags: ContentTag[]) => {
    // The page's X-Folio-Tags names what it shows; the VCL bans the objects that name one of these
    // tags, and builds the ban expression itself from tag names only.
    const status = await banRequest(`${base}/`, tags.join('|'), config.purge.key ?? '')
    if (status !== 200) throw new Error(`${base} answered ${status} to BAN`)
  }
  const cloudflarePurge = async (urls: string[], everything: boolean) => {
    const cf = cloudflare!
    const bodies = everything ? [{ purge_everything: true }] : Array.from({ length: Math.ceil(urls.length / CLOUDFLARE_BATCH) }, (_, i) => ({ files: urls.slice(i * CLOUDFLARE_BATCH, (i + 1) * CLOUDFLARE_BATCH) }))
    for (const body of bodies) {
      const res = await fetch(`${cf.apiUrl}/zones/${cf.zoneId}/purge_cache`, {
        method: 'POST',
        headers: { authorization: `Bearer ${cf.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
      if (!res.ok) throw new Error(`Cloudflare answered ${res.status}: ${(await res.text()).slice(0, 200)}`)
    }
  }

  const send = async (job: Job) => {
    const tags = [...job.tags]
    const paths = await addresses.then(
      (t) => t.paths({ tags, items: [...job.items], dropped: [...job.dropped] }),
      (error: unknown) => (log.error('purge addresses unknown: the whole zone is purged', { error: String(error) }), null),
    )
    const urls = (paths ?? []).map((path) => absoluteUrl(config.origin, path))
    // A settings change shows on every page: the whole zone goes.
    const everything = !paths || job.tags.has('site') || urls.length > MAX_URLS
    const targets: [string, () => Promise<void>][] = [
      ...caches.map((base): [string, () => Promise<void>] => [base, () => ban(base, tags)]),
      ...(cloudflare ? [['Cloudflare', () => cloudflarePurge(urls, everything)] as [string, () => Promise<void>]] : []),
    ]
    await Promise.all(
      targets.map(async ([name, call]) => {
        const started = performance.now()
        const outcome = await retry(call, {
          waits,
          tries: TRIES,
          stop: () => stopped,
          onRetry: (error, attempt) => log.warn('cache purge failed: retrying', { cache: name, attempt, error: (error as Error).message }),
        })
        if (outcome.ok) log.info('cache purged', { cache: name, tags: tags.join(' '), urls: everything && name === 'Cloudflare' ? 'all' : urls.length, ms: Math.round(performance.now() - started), attempt: outcome.tries })
        else log.error('cache purge failed: pages there stay stale until their s-maxage ends', { cache: name, tags: tags.join(' '), attempts: outcome.tries, error: (outcome.error as Error).message })
      }),
    )
  }

  const drain = async () => {
    while (next && !stopped) {
      const job = next
      next = null
      await send(job)
    }
    running = null
  }

  const timer = setInterval(() => cache.checkSchedule(), SCHEDULE_CHECK_MS)
  timer.unref()
  log.info('purging caches in front on every change', { caches: caches.join(' ') || 'none', cloudflare: !!cloudflare })

  return {
    queue({ tags, items, dropped }) {
      if (stopped) return
      next ??= { tags: new Set(), items: new Set(), dropped: new Set() }
      for (const t of tags) next.tags.add(t)
      // Past MAX_URLS the whole zone goes anyway: a job holds no more than that.
      for (const slug of items) if (next.items.size <= MAX_URLS) next.items.add(slug)
      for (const key of dropped) if (next.dropped.size <= MAX_URLS) next.dropped.add(key)
      running ??= drain()
    },
    stop() {
      stopped = true
      clearInterval(timer)
    },
  }
}
