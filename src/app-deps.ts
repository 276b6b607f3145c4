// What every feature gets: the database, the configuration, the clock and the logger.
// NOTE: it imports no feature: features import it (the backup schedule implements the type below).
import type { Connection } from '../db/connection'
import type { Config } from './config'
import type { Clock } from './lib/clock'
import type { Logger } from './lib/logger'

/** Scheduled backups as the app sees them (src/features/backups/schedule.ts makes one). */
export type BackupSchedule = { nextAt(): Date | null; stop(): void }

/** The notification sender as the app sees it (src/features/notifications/sender.ts makes one). */
export type NotificationWaker = { wake(): void }

/** The maker of image variants as the app sees it (src/features/uploads/variant-runner.ts). */
export type ImageVariants = { request(): void; onMade(listener: () => void): void }

/** `schedule`, `notifier` and `images` exist once the server runs (they start with it). */
export type AppDeps = { conn: Connection; config: Config; clock: Clock; log: Logger; schedule?: BackupSchedule; notifier?: NotificationWaker; images?: ImageVariants }
