// Notifications room, its public face: what other features use to announce (a contact message, a
// security notice) and to read the inbox (docs/architecture.md, "Import boundaries").
export { markInboxOpened, unreadCount } from './inbox'
export { channelsOf, enqueueNotifications, forgetNotifications, notifiedMessage } from './outbox'
