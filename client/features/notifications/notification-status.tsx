// Which notification channels are configured (they come from the environment, not from settings),
// and how the outbox stands: notifications waiting, given up, the newest error.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { channelsText, notificationStatusQuery } from './api'

export const STATUS_FAILED = 'Failed to load the notification settings'

export function NotificationStatus() {
  const status = useQuery(notificationStatusQuery)
  useEffect(() => {
    if (isUnauthorized(status.error)) reportSessionEnded()
  }, [status.error])

  if (status.isPending) return <p className="hint">Checking the notification channels…</p>
  if (status.isError) return <p className="form-error">{errorMessageOf(status.error, STATUS_FAILED)}</p>
  const { pending, failed, lastError } = status.data
  return (
    <div className="notification-status">
      <p>{channelsText(status.data)}</p>
      {pending > 0 && <p className="hint">{pending} notification(s) waiting to be sent.</p>}
      {failed > 0 && <p className="hint">{failed} notification(s) could not be sent and were given up (the messages are in the inbox).</p>}
      {lastError && <p className="hint">Last error: {lastError}</p>}
    </div>
  )
}
