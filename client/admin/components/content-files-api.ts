// The content files calls of /admin/backups: the export's download address, and an import, which
// sends a zip's raw bytes. NOTE: the JSON API client cannot send bytes, so the import calls fetch
// itself with the client's URL and the same credentials rule (as the resume upload does).
import { ApiError, REQUEST_FAILED, serverMessage } from '../../lib/api'
import { CONTENT_ARCHIVE_MAX_BYTES, type ContentImportSummary } from '../../../src/contract/content-files'
import type { ErrorDetail } from '../../../src/contract/errors'
import { adminApi } from '../api'

export type { ContentImportSummary }

export const CONTENT_MAX_BYTES = CONTENT_ARCHIVE_MAX_BYTES

/** A plain link: the browser saves the zip itself, named by the server (folio-content-<date>.zip). */
export const contentExportUrl = () => adminApi.url('/admin/content/export')

export const IMPORT_FAILED = 'Failed to import the content.'
export const NOT_A_ZIP = 'Choose a .zip file.'
export const TOO_LARGE = `The file is too large (max ${CONTENT_ARCHIVE_MAX_BYTES / 1024 / 1024} MB).`

export async function importContent(file: Blob): Promise<ContentImportSummary> {
  let res: Response
  try {
    res = await fetch(adminApi.url('/admin/content/import'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/zip' },
      body: file,
    })
  } catch (e) {
    throw new ApiError(0, undefined, REQUEST_FAILED, { cause: e })
  }
  const text = await res.text()
  let body: unknown
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    body = text
  }
  if (!res.ok) throw new ApiError(res.status, body, serverMessage(body) ?? (res.statusText || REQUEST_FAILED))
  return body as ContentImportSummary
}

/** The per-file problems of a refused import (400), as the server listed them. */
export function problemsOf(error: unknown): ErrorDetail[] {
  if (!(error instanceof ApiError) || error.status !== 400) return []
  const details = (error.body as { details?: unknown } | undefined)?.details
  return Array.isArray(details) ? (details as ErrorDetail[]) : []
}
