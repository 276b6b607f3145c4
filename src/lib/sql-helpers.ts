// Small query helpers shared by the content features.
import { sql, type SQL, type AnyColumn } from 'drizzle-orm'

/** `%term%` with LIKE's wildcards escaped (used with ESCAPE '\'). */
export const containsPattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Case-insensitive "column contains pattern" (ASCII case folding, as SQLite's LIKE does). */
export const likeContains = (column: AnyColumn | SQL, pattern: string): SQL => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`

export const tagKey = (tag: string) => tag.trim().toLowerCase()
