// Boots folio: locks the data directory, opens and checks the database, migrates, seeds, ensures
// the admin, starts scheduled backups, the purge of old message IPs and the notification sender,
// listens; and stops the
// same way in reverse.
import { checkPragmas, openDatabase, type Connection } from '../db/connection'
import { migrate } from '../db/migrate'
import { prebuiltHtmlOf, seedIfEmpty } from '#src/seed/seed'
import type { AppDeps } from './app-deps'
import { existsSync } from 'node:fs'
import { createApp } from './app'
import { BODY_LIMITS } from './plugins/body'
import { DRAIN_BYTES } from './plugins/body-drain'
import { clientAssets } from './web/assets'
import type { Config } from './config'
import { ensureAdmin } from './features/sign-in-methods/admin-account'
import { initSettings } from './features/settings/service'
import { startBackupSchedule } from './features/backups/schedule'
import { startVariantRunner } from './features/uploads/variant-runner'
import { RenderCache } from './web/cache/render-cache'
import { selfCommand } from './lib/self-command'
import { startMessageMetaPurge } from './features/contact/meta-purge'
import { startNotifier } from './features/notifications/sender'
import { announceSetup } from './features/setup/announce'
import { tokenVault, type TokenVault } from './features/resume/token-vault'
import { sealPlainLinks } from './features/resume/upgrade'
import { drainDemo } from './features/demo/runtime'
import { systemClock, type Clock } from './lib/clock'
import { DataDirBusy, lockDataDir, type DataLock } from './lib/data-lock'
import { createLogger, type Logger } from './lib/logger'

export type StopOptions = { /** In-flight requests get this long to finish before their connections close. */ graceMs?: number }
export type RunningServer = { url: string; port: number; conn: Connection; stop(options?: StopOptions): Promise<void> }

/** A start-up problem that is not a crash: reported as one line, exit code 2. */
export class StartupError extends Error {}

export type Prepared = AppDeps & { lock: DataLock }

export async function prepare(config: Config, clock: Clock = systemClock, log: Logger = createLogger(config.logLevel)): Promise<Prepared> {
  let lock: DataLock
  try {
    lock = lockDataDir(config.dataDir)
  } catch (error) {
    if (error instanceof DataDirBusy) throw new StartupError(error.message)
    throw error
  }
  const conn = openDatabase(config.dataDir)
  try {
    const problems = checkPragmas(conn.sqlite)
    if (problems.length) throw new StartupError(`SQLite self-check failed: ${problems.join('; ')}`)
    const applied = migrate(conn.sqlite)
    if (applied.length) log.info('migrations applied', { applied })
    let vault: TokenVault
    try {
      vault = tokenVault(config.dataDir)
    } catch (error) {
      throw new StartupError((error as Error).message)
    }
    const sealed = sealPlainLinks(conn.sqlite, vault)
    if (sealed) log.info('resume links stored as hash and sealed token', { links: sealed })
    if (config.seed === 'demo' && (await seedIfEmpty(conn.db, clock))) log.info('sample content seeded')
    await initSettings(conn.db, config, clock, log, prebuiltHtmlOf)
    if (config.admin) await ensureAdmin(conn.db, config.admin.email, config.admin.password, clock)
  } catch (error) {
    conn.close()
    lock.release()
    throw error
  }
  if (!config.captcha) log.info('captcha is off: set HCAPTCHA_SITEKEY and HCAPTCHA_SECRET to turn it on')
  return { conn, config, clock, log, lock }
}

/**
 * Checkpoints the WAL into the database file and closes it: the data dir is one file again.
 * NOTE: under Litestream (its `folio.db-litestream` folder beside the database) a passive
 * checkpoint only: Litestream holds a read lock so that no WAL frame it has not copied is
 * truncated away, and a TRUNCATE would wait out the busy timeout for nothing (decision 061).
 */
export function closeDatabase(conn: Connection, log: Logger) {
  const replicated = existsSync(`${conn.sqlite.filename}-litestream`)
  try {
    conn.sqlite.run(`PRAGMA wal_checkpoint(${replicated ? 'PASSIVE' : 'TRUNCATE'})`)
  } catch (error) {
    log.warn('WAL checkpoint failed', { error: (error as Error).message })
  }
  conn.close()
}

export async function startServer(config: Config, options: { clock?: Clock; log?: Logger } = {}): Promise<RunningServer> {
  const { lock, ...prepared } = await prepare(config, options.clock, options.log)
  const log = prepared.log
  // Built before listening, so no visitor waits for it.
  const started = performance.now()
  await clientAssets()
  log.debug('client assets ready', { ms: Math.round(performance.now() - started) })
  const schedule = startBackupSchedule(prepared)
  const metaPurge = startMessageMetaPurge(prepared)
  const notifier = startNotifier(prepared)
  const images = startVariantRunner({ db: prepared.conn.db, dataDir: config.dataDir, command: selfCommand(), log })
  const deps: AppDeps = { ...prepared, schedule, notifier, images }
  const cache = new RenderCache()
  const app = createApp(deps, cache)
  try {
    // Bun answers a body past this itself, with no error shape: keep it above every route's own
    // limit (src/plugins/route-policies.ts) plus what is dropped past it, so the 413 is in the contract's shape.
    const maxRequestBodySize = Math.max(BODY_LIMITS.upload, ...app.policies.bodyLimits().map((b) => b.limit)) + DRAIN_BYTES
    app.listen({ port: config.port, hostname: config.host, maxRequestBodySize })
  } catch (error) {
    schedule.stop()
    metaPurge.stop()
    images.stop()
    app.pageCache.stop()
    await notifier.stop(0)
    closeDatabase(deps.conn, log)
    lock.release()
    throw new StartupError(`cannot listen on ${config.host}:${config.port} (${(error as Error).message})`)
  }
  // The binary starts with JavaScriptCore's JIT held back (build.ts: --compile-jit-policy), so
  // run-once start-up code stays interpreted; from here on, hot request code should tier up.
  Bun.unsafe.setJITPolicy(1)
  // Once listening: the address it prints works as soon as the owner reads it.
  announceSetup(deps)
  const server = app.server!
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  let stopping: Promise<void> | null = null
  return {
    url: `http://${host}:${server.port}`,
    port: server.port!,
    conn: deps.conn,
    stop({ graceMs = 8_000 }: StopOptions = {}) {
      stopping ??= (async () => {
        schedule.stop()
        metaPurge.stop()
        images.stop()
        app.pageCache.stop()
        // A notification being sent finishes (and is recorded) while requests finish.
        const notifierStopped = notifier.stop(graceMs)
        // Event streams never finish by themselves: end them cleanly first (the client sees the
        // end, not a reset), then stop accepting and let in-flight requests finish.
        await drainDemo(deps.conn)
        const graceful = app.stop(false).then(() => true)
        const finished = await Promise.race([graceful, Bun.sleep(graceMs).then(() => false)])
        if (!finished) {
          log.warn('requests still running at shutdown; closing their connections', { graceMs })
          await server.stop(true)
        }
        await notifierStopped
        closeDatabase(deps.conn, log)
        lock.release()
      })()
      return stopping
    },
  }
}
