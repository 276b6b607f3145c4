// `folio export-content <dir>` and `folio import-content <dir>`: posts and projects as markdown
// files with front matter, with the uploads they name (src/features/content-files/). Export reads
// (it works beside a running server, as `backup` does); import writes, so it takes the data lock.
import { resolve } from 'node:path'
import { migrate } from '#db/migrate'
import type { Config } from '../config'
import type { ContentImportSummary } from '../contract/content-files'
import { ImportRefused, problemPath } from '../features/content-files/problems'
import { systemClock } from '../lib/clock'
import { DataDirBusy, lockDataDir } from '../lib/data-lock'
import { CommandFailed, openExisting } from './commands'

const say = (line: string) => console.log(line)
/** A file system error (a folder that cannot be read or written) is said in one line, not as a stack. */
const isFsError = (error: unknown): error is NodeJS.ErrnoException => error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string'
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export async function exportContentCommand(config: Config, dir: string): Promise<void> {
  const conn = openExisting(config)
  try {
    // Loaded on demand: serving never needs it.
    const [{ collectContent }, { writeContentDir }] = await Promise.all([import('../features/content-files/export'), import('../features/content-files/write-dir')])
    const content = collectContent(conn.db, config.dataDir, systemClock.now())
    let target: string
    try {
      target = writeContentDir(content, dir)
    } catch (error) {
      if (isFsError(error)) throw new CommandFailed(error.message)
      throw error
    }
    say(`exported ${plural(content.posts, 'post')}, ${plural(content.projects, 'project')} and ${plural(content.uploads, 'uploaded image')} to ${target}`)
    for (const path of content.missing) say(`warning: ${path} is named by the content but is not in DATA_DIR/uploads`)
  } finally {
    conn.close()
  }
}

function report(summary: ContentImportSummary, from: string) {
  const kind = (counts: { created: number; updated: number }, name: string) => `${name} ${counts.created} created, ${counts.updated} updated`
  const { copied, unchanged } = summary.uploads
  say(`imported ${from}: ${kind(summary.posts, 'posts')}; ${kind(summary.projects, 'projects')}; uploads ${copied} copied, ${unchanged} already there`)
  for (const s of summary.skipped) say(`skipped ${s.path}: ${s.reason}`)
  for (const w of summary.warnings) say(`warning ${w.path}: ${w.message}`)
}

export async function importContentCommand(config: Config, dir: string): Promise<void> {
  const from = resolve(dir)
  let lock
  try {
    lock = lockDataDir(config.dataDir)
  } catch (error) {
    // A running server would keep showing the pages it cached: the admin's import tells it.
    if (error instanceof DataDirBusy) throw new CommandFailed(`${error.message}, or import a zip of the folder in the admin (Backups, Content files)`)
    throw error
  }
  try {
    const conn = openExisting(config)
    try {
      const applied = migrate(conn.sqlite)
      if (applied.length) say(`applied ${plural(applied.length, 'migration')} first: ${applied.join(', ')}`)
      const [{ importContent }, { folderSource }] = await Promise.all([import('../features/content-files/import'), import('../features/content-files/source')])
      report(await importContent({ db: conn.db, dataDir: config.dataDir, clock: systemClock }, folderSource(from)), from)
    } finally {
      conn.close()
    }
  } catch (error) {
    if (error instanceof ImportRefused) throw new CommandFailed([error.message, ...error.problems.map((p) => `  ${problemPath(p)}: ${p.message}`)].join('\n'))
    if (isFsError(error)) throw new CommandFailed(error.message)
    throw error
  } finally {
    lock.release()
  }
}
