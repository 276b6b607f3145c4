// The notifications calls: the inbox's unread count (for the nav) and its "opened" mark, the
// channels' status, and the test notification.
import * as adminPaths from '#src/contract/admin-paths'
import type { MessagesInbox } from '#src/contract/contact'
import { NOTIFICATION_TEXTS, type InboxOpened, type NotificationStatus, type NotificationTestResult } from '#src/contract/owner/notifications'
import { adminApi } from '#client/lib/admin-api'

export { NOTIFICATION_TEXTS }

/** Under the inbox's key: whatever refreshes the inbox (archive, delete, erase) refreshes the count too. */
export const unreadKey = ['admin', 'messages', 'unread'] as const
export const UNREAD_REFRESH_MS = 60_000

export const unreadQuery = {
  queryKey: unreadKey,
  // The smallest page: only its `unread` is read.
  queryFn: async () => (await adminApi.get<MessagesInbox>(adminPaths.messages, { query: { limit: 1 } })).unread,
  refetchInterval: UNREAD_REFRESH_MS,
}

export const markInboxOpened = () => adminApi.post<InboxOpened>(adminPaths.messagesOpened)

export const notificationStatusKey = ['admin', 'notifications'] as const
export const notificationStatusQuery = {
  queryKey: notificationStatusKey,
  queryFn: () => adminApi.get<NotificationStatus>(adminPaths.notifications),
}

export const sendTestNotification = () => adminApi.post<NotificationTestResult>(adminPaths.notificationsTest)

/** "3 unread": what a screen reader hears after "Messages" (in brackets). */
export const unreadLabel = (n: number) => `${n} unread`

/** The configured channels in words, for the settings screen. */
export function channelsText(status: Pick<NotificationStatus, 'email' | 'webhook'>): string {
  const parts: string[] = []
  if (status.email) parts.push(status.email.to ? `email to ${status.email.to}` : 'email (no recipient yet: set NOTIFY_EMAIL or create the admin)')
  if (status.webhook) parts.push(`webhook to ${status.webhook.host}`)
  return parts.length ? `New messages are announced by ${parts.join(' and ')}.` : NOTIFICATION_TEXTS.none
}
