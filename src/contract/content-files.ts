// Content files (issue 6): posts and projects as markdown files with front matter. What an import
// reports, shared by the server, the CLI and the admin's Backups screen.

/** Created and updated items of one kind. */
export type ImportCounts = { created: number; updated: number }

/** The answer of POST /api/admin/content/import (and what `folio import-content` prints). */
export type ContentImportSummary = {
  posts: ImportCounts
  projects: ImportCounts
  /** Uploaded images put in place, and those already there with the same bytes. */
  uploads: { copied: number; unchanged: number }
  /** Markdown files left out, and why (no front matter, MDX, a Hugo section page). */
  skipped: { path: string; reason: string }[]
  /** Imported all the same: an upload the content names is neither in the import nor on the site. */
  warnings: { path: string; message: string }[]
}

/** Bounds of one import; the zip's own size is capped by the body limit (ROUTE_BODY_LIMITS). */
export const CONTENT_IMPORT_LIMITS = {
  /** Markdown files and uploads together. */
  files: 10_000,
  /** Everything a zip unpacks to, in bytes (it is held in memory while it is imported). */
  unpackedBytes: 128 * 1024 * 1024,
  markdownBytes: 1024 * 1024,
  uploadBytes: 10 * 1024 * 1024,
} as const

/** The zip the admin uploads, at most this many bytes. */
export const CONTENT_ARCHIVE_MAX_BYTES = 64 * 1024 * 1024
