// Issue 17: whatever text a visitor searches for (NUL, control characters, lone surrogates, FTS5
// syntax), the post and project searches answer a list and never throw.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type Connection } from '#db/connection'
import { migrate } from '#db/migrate'
import { listPosts } from '#src/features/posts/service'
import { listProjects } from '#src/features/projects/service'
import { searchText } from '#src/lib/full-text'

const dir = mkdtempSync(join(tmpdir(), 'folio-fts-'))
let conn: Connection
beforeAll(() => {
  conn = openDatabase(dir)
  migrate(conn.sqlite)
  const at = '2025-01-01T00:00:00.000Z'
  conn.sqlite
    .prepare('INSERT INTO posts (slug, title, summary, body_md, body_html, reading_minutes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)')
    .run('metastable', 'Clock domains', 'A summary long enough.', 'A flip-flop can go "metastable" when its input changes.', '<p>x</p>', at, at)
})
afterAll(() => {
  conn.close()
  rmSync(dir, { recursive: true, force: true })
})

const NOW = '2026-06-01T00:00:00.000Z'
const control = fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f).map((c) => String.fromCharCode(c))
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c))
const syntax = fc.constantFrom('"', '*', '^', ':', '(', ')', '-', '+', 'NEAR', 'AND', 'OR', 'NOT', '{', '}', "'", '\\')
const odd = fc.array(fc.oneof(fc.string(), control, loneSurrogate, syntax, fc.constantFrom('meta', 'stable', 'ab')), { maxLength: 30 }).map((parts) => parts.join(''))

test('searching posts and projects never throws, for any text', () => {
  fc.assert(
    fc.property(odd, (search) => {
      // The answer is a list of what is stored: the one post or none, and no project at all.
      expect([[], ['metastable']]).toContainEqual(listPosts(conn.db, NOW, { search }).map((p) => p.slug))
      expect(listProjects(conn.db, NOW, { search })).toEqual([])
    }),
    { numRuns: 400 },
  )
})

test('the cleaned search holds no control character or lone surrogate, and keeps the rest', () => {
  fc.assert(
    fc.property(odd, (search) => {
      const clean = searchText(search)
      expect(/[\p{Cc}]/u.test(clean)).toBe(false)
      expect(clean.isWellFormed()).toBe(true)
    }),
  )
  expect(searchText('meta\u0000sta\u0007ble\uD800')).toBe('metastable')
  expect(searchText('  "quoted"  ')).toBe('"quoted"')
})

test('control characters inside a word do not hide it; quotes in a search are text', () => {
  expect(listPosts(conn.db, NOW, { search: 'meta\u0000\u001bstable' }).map((p) => p.slug)).toEqual(['metastable'])
  expect(listPosts(conn.db, NOW, { search: '"metastable"' }).map((p) => p.slug)).toEqual(['metastable'])
  expect(listPosts(conn.db, NOW, { search: '\u0000\u0000\u0000' }).length).toBe(1)
})
