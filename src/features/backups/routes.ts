// Backups room: the admin lists backups, downloads one, or backs up now.
import { Elysia } from 'elysia'
import { join } from 'node:path'
import type { AppDeps } from '#src/app-deps'
import type { BackupList } from '#src/contract/backup'
import { notFound } from '#src/lib/http-error'
import { backUpNow, backupsDir, isBackupName, listBackups } from './service'
import { routePolicies } from '#src/plugins/route-policies'

export const backupRoutes = ({ conn, config, clock, log, schedule }: AppDeps) =>
  new Elysia().use(routePolicies)
    .get('/api/admin/backups', ({ set }): BackupList => {
      set.headers['cache-control'] = 'no-store'
      return {
        items: listBackups(config.dataDir),
        intervalHours: config.backups.intervalHours,
        keep: config.backups.keep,
        nextAt: schedule?.nextAt()?.toISOString() ?? null,
      }
    })
    .post('/api/admin/backups', async ({ set }) => {
      const made = await backUpNow(conn.sqlite, config.dataDir, 'manual', config.backups.keep, clock.now())
      log.info('backup written', { name: made.name, bytes: made.size })
      set.status = 201
      set.headers['cache-control'] = 'no-store'
      return made
    })
    .get('/api/admin/backups/:name', async ({ params }) => {
      // Only names folio writes, checked before any file is touched: no path can reach outside the
      // backups folder, and no NUL byte or over-long name reaches the file system.
      if (!isBackupName(params.name)) throw notFound('No such backup.')
      const file = Bun.file(join(backupsDir(config.dataDir), params.name))
      if (!(await file.exists())) throw notFound('No such backup.')
      return new Response(file, {
        headers: {
          'content-type': 'application/gzip',
          'content-disposition': `attachment; filename="${params.name}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      })
    })
