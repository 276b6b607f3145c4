// Full-text search over posts and projects (SQLite FTS5, trigram tokenizer; migration
// 0001_search keeps the indexes in step with every write by triggers). Shared by both features.
import { SQLiteError } from 'bun:sqlite'
import { inArray, sql, type Column, type SQL } from 'drizzle-orm'
import type { Db } from '#db/connection'
import type { SnippetPart } from '../contract/search'

/** Snippet markers: private-use characters no text contains, split into parts before leaving. */
const OPEN = '\uE000'
const CLOSE = '\uE001'
/** Ranking weights per indexed column: title, summary, tags, body. */
const WEIGHTS = [10, 5, 5, 1]
/** NOTE: with trigrams a snippet's length counts characters, so FTS5's most (64) is about a line. */
const SNIPPET_LENGTH = 64

/** Whitespace controls (a pasted tab or line break) still part words. */
const SPACE_CONTROL = /[\t\n\v\f\r\u0085]/g
/** Other control characters, and surrogates without their pair (the `u` flag keeps pairs whole). */
const UNSEARCHABLE = /[\p{Cc}\p{Cs}]/gu

/**
 * The search as it is looked for. NOTE: FTS5 reads a NUL as the end of its query ("unterminated
 * string", a 500 before issue 17), and no indexed text holds a control character or a lone
 * surrogate, so they are dropped rather than matched. Empty when nothing searchable is left.
 */
export function searchText(raw: string): string {
  return raw.replace(SPACE_CONTROL, ' ').replace(UNSEARCHABLE, '').trim()
}

/** A list query with its search cleaned, so the full-text and the short (LIKE) searches agree. */
export const withSearchText = <Q extends { search?: string }>(query: Q): Q => (query.search === undefined ? query : { ...query, search: searchText(query.search) })

/**
 * The whole search as one FTS5 phrase: with trigrams, a phrase matches wherever its text occurs
 * (the substring the earlier LIKE search found). Null below 3 characters, which trigrams cannot
 * match: the caller keeps its LIKE search for those.
 */
export function ftsPhrase(search: string): string | null {
  const s = searchText(search)
  return [...s].length < 3 ? null : `"${s.replaceAll('"', '""')}"`
}

export type Hit = { rank: number; snippet: SnippetPart[] }

/** Rows matching `phrase` in `table` (posts_fts or projects_fts), by rowid: rank (lower is better) and snippet. */
export function ftsHits(db: Db, table: 'posts_fts' | 'projects_fts', phrase: string): Map<number, Hit> {
  const t = sql.raw(table)
  let rows: { id: number; rank: number; snippet: string }[]
  try {
    rows = db.all(
      sql`SELECT rowid AS id, bm25(${t}, ${sql.raw(WEIGHTS.join(', '))}) AS rank, snippet(${t}, -1, ${OPEN}, ${CLOSE}, '…', ${sql.raw(String(SNIPPET_LENGTH))}) AS snippet FROM ${t} WHERE ${t} MATCH ${phrase}`,
    )
  } catch (error) {
    // A query FTS5 cannot read finds nothing: a visitor's odd search is never a fault.
    if (error instanceof SQLiteError) return new Map()
    throw error
  }
  return new Map(rows.map((r) => [r.id, { rank: r.rank, snippet: snippetParts(r.snippet) }]))
}

/** The rows a search found, as a condition on the table's id column (none found: nothing matches). */
export const foundIn = (id: Column, hits: Map<number, Hit>): SQL => (hits.size ? inArray(id, [...hits.keys()]) : sql`0`)

/** Markdown's marks made quiet (a snippet is plain text), then split at the markers into parts. */
export function snippetParts(raw: string): SnippetPart[] {
  const text = raw
    .replace(/`{1,3}|\*\*|^#{1,6}\s|\[|\]\([^)]*\)/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
  const parts: SnippetPart[] = []
  for (const [i, piece] of text.split(new RegExp(`[${OPEN}${CLOSE}]`)).entries()) {
    if (piece) parts.push({ text: piece, hit: i % 2 === 1 })
  }
  return parts
}
