// The messages inbox's data: the page query, archive and delete, the reason labels and the Reply
// link; and one person's messages by address (right of access and erasure): the export as a JSON
// download and the erasure, with the texts the Messages screen shows for them.
import * as adminPaths from '#src/contract/admin-paths'
import {
  CONTACT_REASON_LABELS,
  messagesExportFileName,
  type ContactMessage,
  type ContactReason,
  type ErasureResult,
  type MessagesExport,
  type MessagesPage,
} from '#src/contract/contact'
import { LIMITS } from '#src/contract/limits'
import { adminApi } from '#client/lib/admin-api'

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

export const archiveMessage = (id: string, archived: boolean) => adminApi.patch<ContactMessage>(adminPaths.archiveMessage(id), { archived })
export const deleteMessage = (id: string) => adminApi.del(adminPaths.message(id))

export const REASON_LABEL: Record<ContactReason, string> = CONTACT_REASON_LABELS

/** mailto: for an address, percent-encoded: a valid address may still hold ? & or #. */
export const emailHref = (email: string) => `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}`

/** The Reply link: mailto: with the subject prefilled. */
export const replyHref = (m: Pick<ContactMessage, 'email' | 'reason'>) =>
  `${emailHref(m.email)}?subject=${encodeURIComponent(`Re: your message (${REASON_LABEL[m.reason]})`)}`

/** 'Showing N message(s) (page X of Y).' of spec section 2. */
export const summaryText = (total: number, page: number, pages: number) => `Showing ${total} message(s) (page ${page} of ${pages}).`

export const EXPORT_FAILED = 'Failed to export messages'
export const ERASE_FAILED = 'Failed to erase messages'
export const eraseConfirm = (email: string) => `Erase every message from ${email}? This cannot be undone.`
export const exportedText = (n: number, email: string) => `Exported ${n} message(s) from ${email}.`
export const erasedText = (n: number, email: string) => `Erased ${n} message(s) from ${email}.`

/** Fetches the export and hands it to the browser as a file; returns how many messages it holds. */
export async function downloadExport(email: string): Promise<number> {
  const data = await adminApi.get<MessagesExport>(adminPaths.messagesExport, { query: { email } })
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: messagesExportFileName(email) })
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return data.items.length
}

export const eraseByEmail = (email: string) => adminApi.post<ErasureResult>(adminPaths.eraseMessages, { email })
