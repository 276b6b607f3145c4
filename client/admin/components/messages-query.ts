// The messages inbox's data: the page query, the reason labels and the Reply link.
import * as adminPaths from '#src/contract/admin-paths'
import type { ContactMessage, ContactReason, MessagesPage } from '#src/contract/contact'
import { LIMITS } from '#src/contract/limits'
import { adminApi } from '../api'

export type MessageStatus = 'active' | 'archived' | 'all'
export type MessagesFilter = { status: MessageStatus; search: string; page: number }

export const PAGE_SIZE = LIMITS.adminMessagesPageSize
export const SEARCH_DEBOUNCE_MS = 300
export const LOAD_FAILED = 'Failed to load messages'
export const NO_MESSAGES = 'No messages found.'
export const DELETE_CONFIRM = 'Delete this message permanently?'

export const messagesKey = ['admin', 'messages'] as const

export const messagesQuery = (f: MessagesFilter) => ({
  queryKey: [...messagesKey, f] as const,
  queryFn: () =>
    adminApi.get<MessagesPage>(adminPaths.messages, { query: { status: f.status, page: f.page, limit: PAGE_SIZE, search: f.search.trim() } }),
})

export const REASON_LABEL: Record<ContactReason, string> = { general: 'General', resume: 'Resume', collaboration: 'Collaboration' }

/** mailto: for an address, percent-encoded: a valid address may still hold ? & or #. */
export const emailHref = (email: string) => `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`

/** The Reply link: mailto: with the subject prefilled. */
export const replyHref = (m: Pick<ContactMessage, 'email' | 'reason'>) =>
  `${emailHref(m.email)}?subject=${encodeURIComponent(`Re: your message (${REASON_LABEL[m.reason]})`)}`

/** 'Showing N message(s) (page X of Y).' of spec section 2. */
export const summaryText = (total: number, page: number, pages: number) => `Showing ${total} message(s) (page ${page} of ${pages}).`
