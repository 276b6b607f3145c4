// "Send test notification" for the settings screen: one test email and/or webhook call sent at
// once, each channel's outcome announced politely; above it, which channels are configured.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ChannelResult } from '#src/contract/owner/notifications'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { NOTIFICATION_TEXTS, notificationStatusKey, notificationStatusQuery, sendTestNotification } from './api'
import { NotificationStatus } from './notification-status'

const CHANNEL_LABEL = { email: 'Email', webhook: 'Webhook' } as const

export const resultText = (channel: keyof typeof CHANNEL_LABEL, result: ChannelResult | null) =>
  `${CHANNEL_LABEL[channel]}: ${result === null ? 'not configured.' : result.ok ? 'sent.' : `failed (${result.error ?? 'unknown error'}).`}`

export function TestNotificationButton() {
  const qc = useQueryClient()
  const status = useQuery(notificationStatusQuery)
  const test = useMutation({
    mutationFn: sendTestNotification,
    onError: (e) => {
      if (isUnauthorized(e)) reportSessionEnded()
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificationStatusKey }),
  })
  const none = !!status.data && !status.data.email && !status.data.webhook

  return (
    <div className="notification-test">
      <NotificationStatus />
      <button type="button" className="button" disabled={test.isPending || none} onClick={() => test.mutate()}>
        {test.isPending ? NOTIFICATION_TEXTS.sending : NOTIFICATION_TEXTS.sendTest}
      </button>
      <div role="status" aria-live="polite">
        {test.data && (
          <ul>
            {(['email', 'webhook'] as const).map((channel) => (
              <li key={channel} className={test.data[channel]?.ok === false ? 'failed' : undefined}>
                {resultText(channel, test.data[channel])}
              </li>
            ))}
          </ul>
        )}
        {test.isError && <p className="form-error">{errorMessageOf(test.error, NOTIFICATION_TEXTS.failed)}</p>}
      </div>
    </div>
  )
}
