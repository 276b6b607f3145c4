// The pieces behind resume tokens at rest: sealing, the key file, and the one-time conversion of
// plain-text links, which a failure midway leaves in the old form, readable and convertible again.
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { openDatabase, type Connection } from '#db/connection'
import { migrate } from '#db/migrate'
import { migrations } from '#db/migrations/index'
import { tokenVault } from '#src/features/resume/token-vault'
import { PLAIN_TABLE, sealPlainLinks } from '#src/features/resume/upgrade'
import { createKey, keyFile, readKey } from '#src/lib/key-file'
import { seal, unseal } from '#src/lib/sealed'
import { newToken, sha256 } from '#src/lib/tokens'

const dirs: string[] = []
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-at-rest-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('sealed values', () => {
  const key = Buffer.alloc(32, 7)

  test('open under the same key only, and never seal the same way twice', () => {
    const a = seal(key, 'secret')
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/)
    expect(seal(key, 'secret')).not.toBe(a)
    expect(unseal(key, a)).toBe('secret')
    expect(unseal(Buffer.alloc(32, 8), a)).toBeNull()
  })

  /** Flips one bit of the ciphertext+tag at `at` (counted from the end when negative). */
  const flip = (at: number) => (sealed: string) => {
    const [version, iv, body] = sealed.split('.') as [string, string, string]
    const bytes = Buffer.from(body, 'base64url')
    const i = at < 0 ? bytes.length + at : at
    bytes[i] = bytes[i]! ^ 1
    return [version, iv, bytes.toString('base64url')].join('.')
  }

  test.each([
    ['an altered ciphertext', flip(0)],
    ['an altered tag', flip(-1)],
    ['another version', (s: string) => s.replace(/^v1/, 'v2')],
    ['a missing part', (s: string) => s.split('.').slice(0, 2).join('.')],
    ['an extra part', (s: string) => `${s}.x`],
    ['not sealed text at all', () => 'plain'],
  ])('refuse %s', (_name, spoil) => {
    expect(unseal(key, spoil(seal(key, 'secret')))).toBeNull()
  })
})

describe('key files', () => {
  test('are made once, readable by their owner only, and read back the same', () => {
    const file = keyFile(scratch(), 'test')
    expect(readKey(file)).toBeNull()
    const key = createKey(file)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readKey(file)!.equals(key)).toBe(true)
    // A second maker (another process racing) gets the key that exists, not its own.
    expect(createKey(file).equals(key)).toBe(true)
  })

  test('refuse a file that is not a key rather than replace it', () => {
    const file = keyFile(scratch(), 'test')
    createKey(file)
    writeFileSync(file, 'short')
    expect(() => readKey(file)).toThrow('is not a 32-byte key')
  })
})

/** A database at migration 0003 with plain links, then migrated to the current schema. */
function upgradedWithPlainLinks(tokens: string[]): Connection {
  const conn = openDatabase(scratch())
  migrate(conn.sqlite, migrations.slice(0, migrations.findIndex((m) => m.id === '0003_insight') + 1))
  const insert = conn.sqlite.query("INSERT INTO resume_links (token, created_at, expires_at, used, used_at) VALUES (?, '2026-06-01T00:00:00.000Z', '2026-06-02T00:00:00.000Z', ?, ?)")
  tokens.forEach((t, i) => insert.run(t, i % 2, i % 2 ? '2026-06-01T01:00:00.000Z' : null))
  migrate(conn.sqlite)
  return conn
}

const plainTokens = (conn: Connection) => (conn.sqlite.query(`SELECT token FROM ${PLAIN_TABLE} ORDER BY rowid`).all() as { token: string }[]).map((r) => r.token)
const hashes = (conn: Connection) => (conn.sqlite.query('SELECT token_hash FROM resume_links ORDER BY rowid').all() as { token_hash: string }[]).map((r) => r.token_hash)

describe('converting plain links', () => {
  test('a failure midway leaves every link in the old form, and the next start converts them all', () => {
    const tokens = [newToken(), newToken(), newToken()]
    const conn = upgradedWithPlainLinks(tokens)
    const vault = tokenVault(dirname(conn.sqlite.filename))
    let sealed = 0
    const failing = {
      seal(token: string) {
        if (++sealed === 2) throw new Error('power cut')
        return vault.seal(token)
      },
    }
    expect(() => sealPlainLinks(conn.sqlite, failing)).toThrow('power cut')
    expect(plainTokens(conn)).toEqual(tokens)
    expect(hashes(conn)).toEqual([])

    expect(sealPlainLinks(conn.sqlite, vault)).toBe(3)
    expect(hashes(conn)).toEqual(tokens.map(sha256))
    const rows = conn.sqlite.query('SELECT token_hash, token_sealed, used, used_at FROM resume_links ORDER BY rowid').all() as { token_hash: string; token_sealed: string; used: number; used_at: string | null }[]
    expect(rows.map((r) => vault.open(r.token_sealed, r.token_hash))).toEqual(tokens)
    expect(rows.map((r) => [r.used, r.used_at])).toEqual([[0, null], [1, '2026-06-01T01:00:00.000Z'], [0, null]])
    expect(sealPlainLinks(conn.sqlite, vault)).toBe(0)
    conn.close()
  })

  test('a stop after the move but before the plain table is dropped finishes at the next start', () => {
    const token = newToken()
    const conn = upgradedWithPlainLinks([token])
    const vault = tokenVault(dirname(conn.sqlite.filename))
    // As a crash right after the transaction leaves it: the link converted, the plain table empty.
    conn.sqlite
      .query(`INSERT INTO resume_links (token_hash, token_sealed, created_at, expires_at) SELECT ?, ?, created_at, expires_at FROM ${PLAIN_TABLE}`)
      .run(sha256(token), vault.seal(token))
    conn.sqlite.run(`DELETE FROM ${PLAIN_TABLE}`)
    expect(sealPlainLinks(conn.sqlite, vault)).toBe(0)
    expect(hashes(conn)).toEqual([sha256(token)])
    expect(conn.sqlite.query('SELECT name FROM sqlite_master WHERE name = ?').get(PLAIN_TABLE)).toBeNull()
    conn.close()
  })

  test('a sealed value moved onto another row does not open there', () => {
    const vault = tokenVault(scratch())
    const a = newToken()
    expect(vault.open(vault.seal(a), sha256(a))).toBe(a)
    expect(vault.open(vault.seal(a), sha256(newToken()))).toBeNull()
  })
})
