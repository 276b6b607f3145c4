// Publication rules the posts and projects features share: what is public at a moment, what the
// API says of an item, and which date an item carries once it goes public.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { Publication, PublicationStatus } from '../contract/publication'

type PublicationColumns = { status: AnyColumn; publishAt: AnyColumn }
type StoredPublication = { status: PublicationStatus; publishAt: string | null }

/** Rows the public may see at `now` (ISO): published, or scheduled for `now` or before. */
export const publicAt = (table: PublicationColumns, now: string): SQL =>
  sql`(${table.status} = 'published' OR (${table.status} = 'scheduled' AND ${table.publishAt} <= ${now}))`

export const isPublicAt = (row: StoredPublication, now: string) =>
  row.status === 'published' || (row.status === 'scheduled' && row.publishAt !== null && row.publishAt <= now)

/** As the API shows it: a scheduled item whose time has come is published. */
export function publicationOf(row: StoredPublication, now: string): Publication {
  const status = row.status === 'scheduled' && isPublicAt(row, now) ? 'published' : row.status
  return { status, ...(row.publishAt && row.status === 'scheduled' ? { publishAt: row.publishAt } : {}) }
}

/**
 * The stored publication after a write: absent fields keep what was stored (or "published" on
 * create); publish times are kept as UTC ISO text, so they compare as text in SQL.
 */
export function nextPublication(input: { status?: PublicationStatus; publishAt?: string }, stored: StoredPublication | null): StoredPublication {
  const status = input.status ?? stored?.status ?? 'published'
  if (status !== 'scheduled') return { status, publishAt: null }
  const publishAt = input.publishAt ?? stored?.publishAt
  // The schema requires a time with "scheduled"; a stored scheduled item always has one.
  return { status, publishAt: publishAt ? new Date(publishAt).toISOString() : null }
}

/**
 * The date an item carries: the author's, else the stored one, except that an item going public
 * for the first time (a draft published or scheduled) takes the moment it goes public.
 */
export function dateAfterWrite(given: string | undefined, stored: { createdAt: string } & StoredPublication | null, next: StoredPublication, now: string): string {
  if (given) return new Date(given).toISOString()
  const goesPublicAt = next.status === 'scheduled' ? next.publishAt! : now
  if (!stored) return next.status === 'draft' ? now : goesPublicAt
  const wasPublic = isPublicAt(stored, now)
  if (wasPublic || next.status === 'draft') return stored.createdAt
  return goesPublicAt
}

/** Dates a write restores instead of taking its own (a content import brings the item's dates). */
export type WriteDates = { createdAt?: string; updatedAt?: string }

/** The updatedAt a write stores: the one restored, else `fallback`. */
export const updatedAfterWrite = (dates: WriteDates, fallback: string) => (dates.updatedAt ? new Date(dates.updatedAt).toISOString() : fallback)
