// What every feature gets: the database, the configuration, the clock and the logger.
import type { Connection } from '../db/connection'
import type { Config } from './config'
import type { BackupSchedule } from './features/backups/schedule'
import type { Clock } from './lib/clock'
import type { Logger } from './lib/logger'

/** `schedule` exists once the server runs (scheduled backups start with it). */
export type AppDeps = { conn: Connection; config: Config; clock: Clock; log: Logger; schedule?: BackupSchedule }
