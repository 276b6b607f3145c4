// The backups calls of /admin/backups: the list with its schedule, and "Back up now".
import * as adminPaths from '#src/contract/admin-paths'
import type { BackupInfo, BackupList } from '#src/contract/backup'
import { adminApi } from '#client/lib/admin-api'

export type { BackupInfo, BackupList }

export const backupsKey = ['admin', 'backups'] as const

export const backupsQuery = {
  queryKey: backupsKey,
  queryFn: () => adminApi.get<BackupList>(adminPaths.backups),
}

export const backUpNow = () => adminApi.post<BackupInfo>(adminPaths.backups)

/** Where a backup downloads from: the API client's base, so API_BASE applies here too. */
export const downloadUrl = (name: string) => adminApi.url(adminPaths.backup(name))

export const LOAD_FAILED = 'Unable to load backups.'
export const BACKUP_FAILED = 'Failed to back up.'
export const NO_BACKUPS = 'No backups yet.'
