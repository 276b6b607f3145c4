// Issue 21: drizzle's queries compile once per SQL text on a connection, bounded, and closing
// finalizes them so the database closes (and checkpoints) at once.
import { Database } from 'bun:sqlite'
import { expect, test } from 'bun:test'
import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { DB_FILE, openDatabase, statementCache, STATEMENTS_MAX } from '#db/connection'

test('the same SQL text is compiled once; the bound drops the least recently used', () => {
  const sqlite = new Database(':memory:')
  const { client } = statementCache(sqlite)
  const first = client.prepare('SELECT 1')
  expect(client.prepare('SELECT 1')).toBe(first)
  for (let i = 0; i < STATEMENTS_MAX; i++) client.prepare(`SELECT ${i + 2}`)
  // 'SELECT 1' was the least recently used: compiled anew.
  expect(client.prepare('SELECT 1')).not.toBe(first)
  expect(client.prepare('SELECT 1').get()).toEqual({ '1': 1 })
})

test('a kept statement still answers after the schema changes under it', () => {
  const sqlite = new Database(':memory:')
  const { client } = statementCache(sqlite)
  sqlite.run('CREATE TABLE t (a)')
  sqlite.run('INSERT INTO t VALUES (1)')
  expect(client.prepare('SELECT * FROM t').all()).toEqual([{ a: 1 }])
  sqlite.run('ALTER TABLE t ADD COLUMN b DEFAULT 2')
  expect(client.prepare('SELECT * FROM t').all()).toEqual([{ a: 1, b: 2 }])
})

test('closing a connection finalizes its kept statements: the WAL is checkpointed into the file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-statements-'))
  const conn = openDatabase(dir)
  conn.sqlite.run('CREATE TABLE t (a)')
  conn.db.run(sql`INSERT INTO t VALUES (1)`)
  expect(conn.db.all(sql`SELECT a FROM t`)).toEqual([{ a: 1 }])
  conn.close()
  // SQLite removes the WAL when the last connection closes cleanly; a statement left open defers that.
  expect(existsSync(join(dir, `${DB_FILE}-wal`))).toBe(false)
  const again = new Database(join(dir, DB_FILE), { readonly: true })
  expect(again.query('SELECT a FROM t').all()).toEqual([{ a: 1 }])
  again.close()
})
