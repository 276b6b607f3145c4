// The read path posts and projects share: which rows a list shows (publication, tag, search), in
// which order, and how a search of 3 characters or more is found and ranked. Each feature
// describes itself with a ReadKind: its table, tag index, full-text table and display order.
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { AnySQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Db } from '#db/connection'
import { foundIn, ftsHits, ftsPhrase, withSearchText, type Hit } from './full-text'
import { publicAt } from './publication'
import { containsPattern, likeContains, tagKey } from './sql-helpers'

type ColumnsOf<S extends Record<string, AnySQLiteColumn>> = { [K in keyof S]: S[K]['_']['notNull'] extends true ? S[K]['_']['data'] : S[K]['_']['data'] | null }

/** A content type as its lists read it. */
export type ReadKind = {
  table: SQLiteTable & { id: AnySQLiteColumn; slug: AnySQLiteColumn; title: AnySQLiteColumn; summary: AnySQLiteColumn; status: AnySQLiteColumn; publishAt: AnySQLiteColumn }
  /** One row per (item, tag key): the table, its column naming the item, its tag key column. */
  tags: { table: SQLiteTable; owner: AnySQLiteColumn; key: AnySQLiteColumn }
  fts: 'posts_fts' | 'projects_fts'
  /** The display order, each column descending (the last one breaks ties). */
  order: AnySQLiteColumn[]
}

export type ListQuery = { search?: string; tag?: string; order?: string }

/** `now`: only what is public at that moment (ISO); null: every item (the admin's view). */
function filters(kind: ReadKind, query: Pick<ListQuery, 'search' | 'tag'>, hits: Map<number, Hit> | null, now: string | null): SQL | undefined {
  const { table, tags } = kind
  const tagged = (match: SQL) => sql`EXISTS (SELECT 1 FROM ${tags.table} WHERE ${tags.owner} = ${table.id} AND ${match})`
  const conditions: SQL[] = now === null ? [] : [publicAt(table, now)]
  if (query.tag) conditions.push(tagged(sql`${tags.key} = ${tagKey(query.tag)}`))
  if (hits) {
    conditions.push(foundIn(table.id, hits))
  } else if (query.search) {
    // Shorter than a trigram: titles, summaries and tags by substring, as before full-text search.
    const p = containsPattern(query.search)
    conditions.push(or(likeContains(table.title, p), likeContains(table.summary, p), tagged(sql`${tags.key} LIKE ${p} ESCAPE '\\'`))!)
  }
  return conditions.length ? and(...conditions) : undefined
}

const ordered = (kind: ReadKind) => kind.order.map((column) => desc(column))

/**
 * The public list's rows (`columns` and the id) in display order, the first `limit` (all when
 * absent). A search of 3 characters or more is full-text (titles, summaries, tags and bodies) and
 * returns its hits, each row's snippet; `order: 'relevance'` ranks the rows by them.
 */
export function listRows<S extends Record<string, AnySQLiteColumn>>(db: Db, kind: ReadKind, now: string, asked: ListQuery, columns: S, limit?: number) {
  const query = withSearchText(asked)
  const phrase = query.search ? ftsPhrase(query.search) : null
  const hits = phrase ? ftsHits(db, kind.fts, phrase) : null
  type Row = ColumnsOf<S> & { id: number }
  // A search that found nothing lists nothing: no list query (most of a flood of unique searches).
  if (hits?.size === 0) return { rows: [] as Row[], hits }
  const ranked = hits !== null && query.order === 'relevance'
  const rows = db
    .select({ id: kind.table.id, ...columns })
    .from(kind.table)
    .where(filters(kind, query, hits, now))
    .orderBy(...ordered(kind))
    .limit(ranked ? -1 : (limit ?? -1))
    .all() as Row[]
  // Array.prototype.sort is stable: equal ranks keep the display order.
  if (ranked) rows.sort((a, b) => hits.get(a.id)!.rank - hits.get(b.id)!.rank)
  return { rows: rows.slice(0, limit), hits }
}

/** Whole rows in display order: the newest `limit` (of one tag), public at `now` (`publicOnly`) or whatever their status. */
export function fullRows<Row>(db: Db, kind: ReadKind, now: string, query: { tag?: string; limit?: number; publicOnly?: boolean }): Row[] {
  return db
    .select()
    .from(kind.table)
    .where(filters(kind, query, null, query.publicOnly ? now : null))
    .orderBy(...ordered(kind))
    .limit(query.limit ?? -1)
    .all() as Row[]
}

/** The row of `slug` if public at `now`, or whatever its status with `anyStatus` (a preview link). */
export function rowBySlug<Row>(db: Db, kind: ReadKind, slug: string, now: string, anyStatus: boolean): Row | undefined {
  const { table } = kind
  return db
    .select()
    .from(table)
    .where(anyStatus ? eq(table.slug, slug) : and(eq(table.slug, slug), publicAt(table, now)))
    .get() as Row | undefined
}
