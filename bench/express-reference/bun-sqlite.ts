// What the Node bundle gets for `bun:sqlite` (build.ts resolves the import here). Only full-text
// search needs it, for the error a malformed FTS5 query throws: better-sqlite3's error is the
// one the reference's driver throws, so `instanceof SQLiteError` picks out the same failures.
import Database from 'better-sqlite3'

export const SQLiteError = Database.SqliteError
