// Content files room: where `folio export-content <dir>` writes. A new or empty folder, or one
// holding only a previous export's posts/, projects/ and uploads/ (hidden entries such as .git
// are allowed and kept): never someone else's folder. Built beside it, then swapped in folder by
// folder, so a failure halfway leaves the previous export whole.
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { ExportRefused } from '#src/lib/export-refused'
import type { ContentExport } from './export'

const OWN = ['posts', 'projects', 'uploads']

function checkTarget(target: string) {
  const stat = statSync(target, { throwIfNoEntry: false })
  if (!stat) return
  if (!stat.isDirectory()) throw new ExportRefused(`${target} is a file, not a directory`)
  const foreign = readdirSync(target, { withFileTypes: true }).filter((e) => !e.name.startsWith('.') && !(OWN.includes(e.name) && e.isDirectory()))
  if (foreign.length) {
    throw new ExportRefused(`${target} holds ${foreign[0]!.name} and is not a previous content export (only posts/, projects/ and uploads/); choose a new or empty directory`)
  }
}

export function writeContentDir(content: ContentExport, outDir: string): string {
  const target = existsSync(resolve(outDir)) ? realpathSync(resolve(outDir)) : resolve(outDir)
  checkTarget(target)
  mkdirSync(dirname(target), { recursive: true })
  const staged = mkdtempSync(join(dirname(target), `.${basename(target)}.content-`))
  try {
    for (const file of content.files) {
      const path = join(staged, file.path)
      mkdirSync(dirname(path), { recursive: true })
      if ('text' in file) writeFileSync(path, file.text)
      else copyFileSync(file.source, path)
    }
    if (!existsSync(target)) {
      // mkdtemp makes it private (0700); an export is ordinary files.
      chmodSync(staged, 0o755)
      renameSync(staged, target)
      return target
    }
    checkTarget(target)
    for (const name of OWN) {
      const current = join(target, name)
      if (existsSync(current)) renameSync(current, join(staged, `${name}.previous`))
      if (existsSync(join(staged, name))) renameSync(join(staged, name), current)
    }
    return target
  } finally {
    rmSync(staged, { recursive: true, force: true })
  }
}
