// Where an export goes: a directory that is new, empty or a previous export (never someone's
// folder), filled in a staging directory beside it and swapped in at the end, so a CDN sync
// never sees half an export.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { ExportRefused } from '#src/lib/export-refused'

export { ExportRefused }

/** Written into every export; only a directory holding it is ever cleared. */
export const MARKER = '.folio-export'

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/** The directory the export will replace: resolved, and through a symlink to what it points at. */
export function exportTarget(outDir: string): string {
  const target = resolve(outDir)
  return existsSync(target) ? realpathSync(target) : target
}

/** Throws ExportRefused unless `target` is missing, an empty directory or a previous export. */
export function checkTarget(target: string) {
  let entries: string[]
  try {
    if (!statSync(target).isDirectory()) throw new ExportRefused(`${target} is a file, not a directory`)
    entries = readdirSync(target)
  } catch (error) {
    if (isMissing(error)) return
    throw error
  }
  if (entries.length === 0 || entries.includes(MARKER)) return
  throw new ExportRefused(`${target} is not empty and is not a previous export (it has no ${MARKER} file); choose a new or empty directory`)
}

/** A new directory beside the target: the same file system, so moving it in is one rename. */
export function stagingDir(target: string): string {
  mkdirSync(dirname(target), { recursive: true })
  const dir = mkdtempSync(join(dirname(target), `.${basename(target)}.export-`))
  // mkdtemp makes it private (0700): the web server must read what it becomes.
  chmodSync(dir, existsSync(target) ? statSync(target).mode & 0o7777 : 0o755)
  return dir
}

/** Replaces the target with the staged export; the staging directory is gone afterwards. */
export function publish(staged: string, target: string) {
  // Checked again: the directory may have changed while the pages rendered.
  checkTarget(target)
  if (!existsSync(target)) return renameSync(staged, target)
  const old = `${staged}-old`
  try {
    renameSync(target, old)
  } catch {
    // A mount point (a container volume) cannot be renamed away: swap its contents instead.
    replaceContents(staged, target)
    return rmSync(staged, { recursive: true, force: true })
  }
  try {
    renameSync(staged, target)
  } catch (error) {
    renameSync(old, target)
    throw error
  }
  rmSync(old, { recursive: true, force: true })
}

/** The slower way: the marker stays throughout, so a failure halfway leaves a directory we may clear. */
function replaceContents(staged: string, target: string) {
  for (const name of readdirSync(target)) if (name !== MARKER) rmSync(join(target, name), { recursive: true, force: true })
  for (const name of readdirSync(staged)) if (name !== MARKER) renameSync(join(staged, name), join(target, name))
  renameSync(join(staged, MARKER), join(target, MARKER))
}
