// Notifications room: the webhook channel. One JSON POST per message to NOTIFY_WEBHOOK_URL; any
// answer but 2xx (redirects included) is a failure, tried again later.
import type { ContactWebhook, NotifiedMessage, SecurityNotice, SecurityWebhook, TestWebhook } from '#src/contract/owner/notifications'
import { VERSION } from '#src/features/health'

export const WEBHOOK_TIMEOUT_MS = 10_000

export const contactWebhook = (message: NotifiedMessage): ContactWebhook => ({ type: 'contact.message', message })

export const securityWebhook = ({ id, subject, text, createdAt }: SecurityNotice): SecurityWebhook => ({ type: 'security.notice', notice: { id, subject, text, createdAt } })

/** `deliveryId` names the event for the receiver: the same id means the same event sent again. */
export async function postWebhook(url: string, body: ContactWebhook | SecurityWebhook | TestWebhook, deliveryId: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': `folio/${VERSION}`,
      'idempotency-key': deliveryId,
      'x-folio-delivery': deliveryId,
      'x-folio-event': body.type,
    },
    body: JSON.stringify(body),
    // NOTE: a redirect is not followed: the configured URL is the only place a message may go.
    redirect: 'manual',
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  })
  // Read and dropped: the receiver's answer is none of our business beyond its status.
  await res.arrayBuffer().catch(() => undefined)
  if (res.status < 200 || res.status > 299) throw new Error(`webhook answered ${res.status}`)
}
