// `folio export-content <dir>` and `folio import-content <dir>`, as separate processes on a data
// directory: the same files as the admin's zip, a round trip through a stopped site, refusals.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '#db/connection'
import { runFolio } from '#tests/support/server/cli'
import { exportZip, HUGO_SITE, readFolder, removeFolders, rowsOf, tempFolder, writeFolder, type Files } from '#tests/support/data/content-files'
import { postInput } from '#tests/support/data/factories'
import { startTestServer, type TestServer } from '#tests/support/server/server'

let a: TestServer
let exported: Files
const out = () => join(tempFolder('folio-content-out-'), 'content')

/** A stopped site's data directory: migrated, with an admin, no content. */
async function stoppedSite(): Promise<string> {
  const s = await startTestServer({ dataDir: tempFolder('folio-content-site-'), keepData: true })
  await s.close()
  return s.dataDir
}

function rowsIn(dataDir: string, table: 'posts' | 'projects') {
  const conn = openDatabase(dataDir)
  try {
    return rowsOf({ conn }, table)
  } finally {
    conn.close()
  }
}

beforeAll(async () => {
  a = await startTestServer({ env: { SEED: 'demo' } })
  const cookie = await a.login()
  expect((await a.request('POST', '/api/admin/posts', { body: postInput({ title: 'A draft: "quoted" # hashed', status: 'draft', toc: true }), cookie })).status).toBe(201)
  exported = (await exportZip(a, cookie)).files
}, 60_000)
afterAll(async () => {
  await a?.close()
  removeFolders()
})

describe('export-content and import-content', () => {
  test('export-content beside a running server writes the same files as the admin zip; import-content restores every row', async () => {
    const dir = out()
    const exportRun = await runFolio(['export-content', dir], { env: { DATA_DIR: a.dataDir } })
    expect(exportRun.stderr).toBe('')
    expect(exportRun.code).toBe(0)
    expect(exportRun.stdout).toMatch(/^exported \d+ posts, \d+ projects and 0 uploaded images to /)
    expect(readFolder(dir)).toEqual(exported)

    const target = await stoppedSite()
    const importRun = await runFolio(['import-content', dir], { env: { DATA_DIR: target } })
    expect(importRun.stderr).toBe('')
    expect(importRun.code).toBe(0)
    expect(importRun.stdout).toContain(`posts ${rowsOf(a, 'posts').length} created, 0 updated; projects ${rowsOf(a, 'projects').length} created, 0 updated`)
    expect(rowsIn(target, 'posts')).toEqual(rowsOf(a, 'posts'))
    expect(rowsIn(target, 'projects')).toEqual(rowsOf(a, 'projects'))

    const again = out()
    expect((await runFolio(['export-content', again], { env: { DATA_DIR: target } })).code).toBe(0)
    expect(readFolder(again)).toEqual(exported)
  }, 60_000)

  test('import-content reads a Hugo folder, not entering hidden folders or node_modules', async () => {
    const broken = '---\ntitle: ""\n---\nnot content'
    const dir = writeFolder({ ...HUGO_SITE, '.git/stale.md': broken, 'themes/x/node_modules/pkg/readme.md': broken })
    const target = await stoppedSite()
    const run = await runFolio(['import-content', dir], { env: { DATA_DIR: target } })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('posts 2 created, 0 updated; projects 1 created, 0 updated')
    expect(run.stdout).toContain('skipped content/posts/_index.md: a section or partial page')
    expect(rowsIn(target, 'posts').map((p) => [p.slug, p.status])).toEqual([
      ['bundle-post', 'draft'],
      ['my-first-hugo-post', 'published'],
    ])
  }, 60_000)

  test('an invalid file: every problem on stderr, exit 1, nothing written', async () => {
    const dir = writeFolder({ 'posts/ok.md': exported[Object.keys(exported).find((p) => p.startsWith('posts/'))!]!, 'posts/bad.md': '---\ntitle: ""\ndate: soon\n---\n\nA body that is long enough to be saved.' })
    const target = await stoppedSite()
    const run = await runFolio(['import-content', dir], { env: { DATA_DIR: target } })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('folio: Nothing was imported: 2 problems in 1 file.')
    expect(run.stderr).toContain('  posts/bad.md: date: Dates must be ISO-8601')
    expect(run.stderr).toContain('  posts/bad.md: title: Title is required.')
    expect(rowsIn(target, 'posts')).toEqual([])
  }, 60_000)

  test('import-content refuses while a server holds the data directory', async () => {
    const run = await runFolio(['import-content', writeFolder(HUGO_SITE)], { env: { DATA_DIR: a.dataDir } })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('in use by a running folio; stop it first, or import a zip of the folder in the admin')
  })

  test('export-content refuses a folder of someone else, and replaces a previous export keeping hidden entries', async () => {
    const foreign = writeFolder({ 'notes.txt': 'mine' })
    const refused = await runFolio(['export-content', foreign], { env: { DATA_DIR: a.dataDir } })
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('is not a previous content export')
    expect(readFolder(foreign)).toEqual({ 'notes.txt': new TextEncoder().encode('mine') })

    const previous = writeFolder({ 'posts/deleted-since.md': 'old', '.git/HEAD': 'ref' })
    mkdirSync(join(previous, 'uploads'))
    const run = await runFolio(['export-content', previous], { env: { DATA_DIR: a.dataDir } })
    expect(run.code).toBe(0)
    expect(existsSync(join(previous, 'posts/deleted-since.md'))).toBe(false)
    const { '.git/HEAD': head, ...files } = readFolder(previous)
    expect(new TextDecoder().decode(head)).toBe('ref')
    expect(files).toEqual(exported)
  })

  test('import-content of a missing folder fails in one line', async () => {
    const target = await stoppedSite()
    writeFileSync(join(target, 'not-a-dir'), '')
    const run = await runFolio(['import-content', join(target, 'not-a-dir')], { env: { DATA_DIR: target } })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(`folio: ${join(target, 'not-a-dir')} is not a directory`)
  })
})
