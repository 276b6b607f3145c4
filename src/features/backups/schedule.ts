// Scheduled backups: every BACKUP_INTERVAL_HOURS, counted from the newest scheduled backup, so a
// restart does not reset the clock (a server restarted daily still backs up daily).
import type { AppDeps, BackupSchedule } from '#src/app-deps'
import { backUpNow, listBackups } from './service'

const MAX_TIMER_MS = 2 ** 31 - 1

export function startBackupSchedule({ conn, config, log }: Pick<AppDeps, 'conn' | 'config' | 'log'>): BackupSchedule {
  const { intervalHours, keep } = config.backups
  if (intervalHours <= 0) return { nextAt: () => null, stop() {} }
  const intervalMs = intervalHours * 3_600_000
  const newest = listBackups(config.dataDir).find((b) => b.kind === 'scheduled')
  let next = new Date(Math.max(Date.now(), newest ? Date.parse(newest.createdAt) + intervalMs : Date.now() + intervalMs))
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false

  const arm = () => {
    if (stopped) return
    timer = setTimeout(fire, Math.min(MAX_TIMER_MS, Math.max(0, next.getTime() - Date.now())))
    timer.unref?.()
  }
  const fire = async () => {
    // A long interval is armed in steps no timer can overflow.
    if (Date.now() < next.getTime()) return arm()
    try {
      const made = await backUpNow(conn.sqlite, config.dataDir, 'scheduled', keep, new Date())
      log.info('backup written', { name: made.name, bytes: made.size })
    } catch (error) {
      log.error('scheduled backup failed', { error: (error as Error).message })
    }
    next = new Date(Date.now() + intervalMs)
    arm()
  }
  arm()
  return {
    nextAt: () => (stopped ? null : next),
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}
