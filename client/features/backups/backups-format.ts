// How the backups screen words things: kinds, sizes, times (UTC, to the second) and the schedule.
import { formatDateTime } from '#client/lib/format-date'
import type { BackupInfo, BackupList } from './api'

export const KIND_LABEL: Record<BackupInfo['kind'], string> = { scheduled: 'Scheduled', manual: 'Manual', 'pre-restore': 'Before restore' }

/** '5 Mar 2026, 14:05:09 UTC': seconds too, so two backups of the same minute read (and are announced) differently. */
export const formatBackupTime = (iso: string) => formatDateTime(iso, { seconds: true })

/** '512 KB' below a megabyte (never '0 KB'), '3.4 MB' above. */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

const plural = (n: number, unit: string) => (n === 1 ? unit : `${n} ${unit}s`)
const trim = (n: number) => String(Number(n.toFixed(2)))

/** 'Every 24 hours', 'Every hour', 'Every 30 minutes': BACKUP_INTERVAL_HOURS may be a decimal. */
export function everyText(hours: number): string {
  if (hours >= 1) return `Every ${hours === 1 ? 'hour' : `${trim(hours)} hours`}`
  const minutes = hours * 60
  if (minutes >= 1) return `Every ${plural(Number(trim(minutes)), 'minute')}`
  return `Every ${plural(Math.max(1, Math.round(minutes * 60)), 'second')}`
}

const keeping = (keep: number) => (keep === 1 ? 'only the newest one' : `the newest ${keep}`)
const kept = (keep: number) => (keep === 1 ? 'Only the newest backup is kept.' : `The newest ${keep} backups are kept.`)

/** The schedule line: how often, how many are kept (rotation counts every kind), when next. */
export function scheduleText({ intervalHours, keep, nextAt }: Pick<BackupList, 'intervalHours' | 'keep' | 'nextAt'>): string {
  if (intervalHours <= 0) return `Scheduled backups are off (BACKUP_INTERVAL_HOURS=0). ${kept(keep)}`
  const next = nextAt ? ` The next one is due at ${formatBackupTime(nextAt)}.` : ''
  return `${everyText(intervalHours)}, keeping ${keeping(keep)}.${next}`
}
