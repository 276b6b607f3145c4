// `folio serve`: runs until SIGTERM or SIGINT, then shuts down gracefully within 10 seconds.
import type { Config } from '../config'
import { startServer } from '../server'
import { createLogger } from '../lib/logger'
import { startMemoryGovernor } from '../lib/memory-governor'

/** Requests in flight get this long; the WAL checkpoint and exit fit in the rest of the 10 s. */
const GRACE_MS = 8_000
const HARD_LIMIT_MS = 10_000

export async function serveCommand(config: Config): Promise<void> {
  const log = createLogger(config.logLevel)
  const server = await startServer(config, { log })
  // The serving process only: a test process holds many servers and a heap of its own.
  startMemoryGovernor()
  log.info('folio is listening', { url: server.url, siteUrl: config.siteUrl, trustProxy: config.trustProxy?.describe ?? 'no' })
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) {
      // A second signal means "now".
      log.warn('second signal: exiting at once', { signal })
      process.exit(1)
    }
    stopping = true
    const t0 = performance.now()
    log.info('shutting down', { signal })
    setTimeout(() => {
      log.error('shutdown took too long: exiting', { ms: HARD_LIMIT_MS })
      process.exit(1)
    }, HARD_LIMIT_MS).unref()
    await server.stop({ graceMs: GRACE_MS })
    log.info('stopped', { ms: Math.round(performance.now() - t0) })
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}
