import { expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractArchive } from '#src/features/backups/archive'
import { writeArchive } from '#tests/support/data/backup-archive'

test('unpacking a hostile archive writes only folio entries, and nothing outside the target', async () => {
  const root = mkdtempSync(join(tmpdir(), 'folio-hostile-'))
  const target = join(root, 'deep', 'target')
  const file = join(root, 'hostile.tar.gz')
  const manifest = JSON.stringify({ format: 'folio-backup', formatVersion: 1, folioVersion: '0.1.0', createdAt: '2026-01-01T00:00:00Z', migrations: [], uploads: 1 })
  await writeArchive(file, {
    'manifest.json': manifest,
    'folio.db': 'not checked here',
    'uploads/images/ok.png': 'fine',
    'uploads/../../escape.txt': 'out of uploads',
    '../../up.txt': 'out of the target',
    'run.sh': 'not ours',
  })
  const read = await extractArchive(file, target)
  expect(read.format).toBe('folio-backup')
  expect(readdirSync(target, { recursive: true }).map(String).sort()).toEqual(['folio.db', 'manifest.json', 'uploads', 'uploads/images', 'uploads/images/ok.png'])
  expect(existsSync(join(root, 'up.txt'))).toBe(false)
  expect(existsSync(join(root, 'deep', 'escape.txt'))).toBe(false)
  expect(existsSync(join(root, 'deep', 'target', '..', 'escape.txt'))).toBe(false)
})
