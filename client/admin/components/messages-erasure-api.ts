// One person's messages by address (right of access and erasure): the export as a JSON download
// and the erasure, with the texts the Messages screen shows for them.
import * as adminPaths from '#src/contract/admin-paths'
import { messagesExportFileName, type ErasureResult, type MessagesExport } from '#src/contract/contact'
import { adminApi } from '../api'

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
