// /admin/backups (issue 8): the backups under DATA_DIR/backups with download links, the schedule
// (BACKUP_INTERVAL_HOURS, BACKUP_KEEP) and "Back up now". Restoring is the CLI's job. Below them,
// the content as markdown files to download or import (issue 6).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { BACKUP_FAILED, backUpNow, backupsKey, backupsQuery, LOAD_FAILED, NO_BACKUPS } from '#client/features/backups/api'
import { scheduleText } from '#client/features/backups/backups-format'
import { BackupsTable } from '#client/features/backups/backups-table'
import { ContentFiles } from '#client/features/content-files/content-files'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { useToast } from '#client/ui/toast'

export function BackupsScreen() {
  const qc = useQueryClient()
  const notify = useToast()
  const [error, setError] = useState<string | null>(null)
  const list = useQuery(backupsQuery)

  useEffect(() => {
    if (isUnauthorized(list.error)) reportSessionEnded()
  }, [list.error])

  const backUp = useMutation({
    mutationFn: backUpNow,
    onMutate: () => setError(null),
    onSuccess: async (made) => {
      notify(`Backup written: ${made.name}`, 'success')
      await qc.invalidateQueries({ queryKey: backupsKey })
    },
    onError: (e) => {
      if (isUnauthorized(e)) reportSessionEnded()
      setError(errorMessageOf(e, BACKUP_FAILED))
    },
  })

  return (
    <section className="screen backups" aria-labelledby="backups-title">
      <h1 id="backups-title">Backups</h1>
      {list.data && <p className="backups-schedule">{scheduleText(list.data)}</p>}
      <div className="backups-actions">
        <button type="button" className="button primary" disabled={backUp.isPending} onClick={() => backUp.mutate()}>
          {backUp.isPending ? 'Backing up…' : 'Back up now'}
        </button>
        <p className="help">Each backup holds the database and every uploaded file, in one .tar.gz file kept on the server under DATA_DIR/backups.</p>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {list.isPending && <p role="status">Loading backups…</p>}
      {list.isError && (
        <p className="form-error" role="alert">
          {errorMessageOf(list.error, LOAD_FAILED)}
        </p>
      )}
      {list.data && (list.data.items.length === 0 ? <p className="empty">{NO_BACKUPS}</p> : <BackupsTable items={list.data.items} />)}
      <p className="help backups-restore">
        Restore from the command line with <code>folio restore &lt;file&gt;</code> while folio is stopped.
      </p>
      <ContentFiles />
    </section>
  )
}
