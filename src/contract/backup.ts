// Backups as the admin sees them: GET /api/admin/backups, POST /api/admin/backups.
import { z } from 'zod'

export const BackupKind = z.enum(['scheduled', 'manual', 'pre-restore'])
export type BackupKind = z.infer<typeof BackupKind>

export const BackupInfo = z.object({
  name: z.string(),
  kind: BackupKind,
  createdAt: z.string(),
  size: z.number().int().nonnegative(),
})
export type BackupInfo = z.infer<typeof BackupInfo>

export const BackupList = z.object({
  items: z.array(BackupInfo),
  /** Hours between scheduled backups; 0 when they are off. */
  intervalHours: z.number().nonnegative(),
  keep: z.number().int().positive(),
  nextAt: z.string().nullable(),
})
export type BackupList = z.infer<typeof BackupList>
