// Boots folio: opens and checks the database, migrates, seeds, ensures the admin, listens.
import { checkPragmas, openDatabase, type Connection } from '../db/connection'
import { migrate } from '../db/migrate'
import { seedIfEmpty } from '../db/seed'
import type { AppDeps } from './app-deps'
import { createApp } from './app'
import { clientAssets } from './web/assets'
import type { Config } from './config'
import { upsertAdmin } from './features/auth/service'
import { drainDemo } from './features/demo/runtime'
import { systemClock, type Clock } from './lib/clock'
import { createLogger, type Logger } from './lib/logger'

export type RunningServer = { url: string; port: number; conn: Connection; stop(): Promise<void> }

/** A start-up problem that is not a crash: reported as one line, exit code 2. */
export class StartupError extends Error {}

export async function prepare(config: Config, clock: Clock = systemClock, log: Logger = createLogger(config.logLevel)): Promise<AppDeps> {
  const conn = openDatabase(config.dataDir)
  const problems = checkPragmas(conn.sqlite)
  if (problems.length) {
    conn.close()
    throw new StartupError(`SQLite self-check failed: ${problems.join('; ')}`)
  }
  const applied = migrate(conn.sqlite)
  if (applied.length) log.info('migrations applied', { applied })
  if (config.seed === 'demo' && (await seedIfEmpty(conn.db, clock))) log.info('sample content seeded')
  if (config.admin) await upsertAdmin(conn.db, config.admin.email, config.admin.password, clock)
  if (!config.captcha) log.info('captcha is off: set HCAPTCHA_SITEKEY and HCAPTCHA_SECRET to turn it on')
  return { conn, config, clock, log }
}

export async function startServer(config: Config, options: { clock?: Clock; log?: Logger } = {}): Promise<RunningServer> {
  const deps = await prepare(config, options.clock, options.log)
  // Built before listening, so no visitor waits for it.
  const started = performance.now()
  await clientAssets()
  deps.log.debug('client assets ready', { ms: Math.round(performance.now() - started) })
  const app = createApp(deps)
  app.listen({ port: config.port, hostname: config.host, maxRequestBodySize: 16 * 1024 * 1024 })
  const server = app.server!
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  return {
    url: `http://${host}:${server.port}`,
    port: server.port!,
    conn: deps.conn,
    async stop() {
      // Event streams end cleanly (the client sees the end, not a reset) before Bun stops.
      await drainDemo(deps.conn)
      await app.stop(true)
      deps.conn.close()
    },
  }
}
