// The content files calls of /admin/backups: the export's download address, and an import, which
// sends a zip's raw bytes.
import * as adminPaths from '#src/contract/admin-paths'
import { CONTENT_ARCHIVE_MAX_BYTES, type ContentImportSummary } from '#src/contract/content-files'
import type { ErrorDetail } from '#src/contract/errors'
import { adminApi, postBytes } from '#client/lib/admin-api'
import { ApiError } from '#client/lib/api'

export type { ContentImportSummary }

export const CONTENT_MAX_BYTES = CONTENT_ARCHIVE_MAX_BYTES

/** A plain link: the browser saves the zip itself, named by the server (folio-content-<date>.zip). */
export const contentExportUrl = () => adminApi.url(adminPaths.contentExport)

export const IMPORT_FAILED = 'Failed to import the content.'
export const NOT_A_ZIP = 'Choose a .zip file.'
export const TOO_LARGE = `The file is too large (max ${CONTENT_ARCHIVE_MAX_BYTES / 1024 / 1024} MB).`

export const importContent = (file: Blob) => postBytes<ContentImportSummary>(adminPaths.contentImport, file, 'application/zip')

/** The per-file problems of a refused import (400), as the server listed them. */
export function problemsOf(error: unknown): ErrorDetail[] {
  if (!(error instanceof ApiError) || error.status !== 400) return []
  const details = (error.body as { details?: unknown } | undefined)?.details
  return Array.isArray(details) ? (details as ErrorDetail[]) : []
}
