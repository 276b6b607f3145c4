// Content files room: what an import reads, from a folder (the CLI) or a zip (the admin), as
// paths relative to its root with `/`. Only markdown files and uploads are read; hidden entries,
// node_modules and macOS's __MACOSX are passed over, symbolic links never followed, and a zip
// entry whose name could point outside its root refuses the whole archive.
import { unzipSync } from 'fflate'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CONTENT_IMPORT_LIMITS as LIMITS } from '#src/contract/content-files'
import { ImportRefused } from './problems'

export type SourceFile = { path: string; size: number; read(): Uint8Array }

export const isMarkdownPath = (path: string) => /\.(md|markdown|mdx)$/i.test(path)
export const isUploadPath = (path: string) => path.startsWith('uploads/')
const wanted = (path: string) => isMarkdownPath(path) || isUploadPath(path)
const passedOver = (name: string) => name.startsWith('.') || name === 'node_modules' || name === '__MACOSX'
const tooMany = () => new ImportRefused(`More than ${LIMITS.files} markdown files and uploads: import them in parts.`)

export function folderSource(root: string): SourceFile[] {
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) throw new ImportRefused(`${root} is not a directory`)
  const files: SourceFile[] = []
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (passedOver(entry.name)) continue
      const path = rel ? `${rel}/${entry.name}` : entry.name
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full, path)
      else if (entry.isFile() && wanted(path)) {
        if (files.length === LIMITS.files) throw tooMany()
        files.push({ path, size: statSync(full).size, read: () => readFileSync(full) })
      }
    }
  }
  walk(root, '')
  return files.sort((a, b) => (a.path < b.path ? -1 : 1))
}

/** No absolute paths, drive letters, backslashes, `..`, empty segments or NUL bytes. */
export function isSafeEntryName(name: string): boolean {
  if (name.length > 1024 || /[\\\0]/.test(name) || name.startsWith('/') || /^[a-z]:/i.test(name)) return false
  return name.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
}

/** A zipped folder (`my-site/posts/a.md`, ...) reads as the folder itself, unless that folder is `posts`, `projects` or `uploads`. */
function commonFolder(names: string[]): string {
  const first = names[0]?.split('/')[0]
  if (!first || ['posts', 'projects', 'uploads'].includes(first)) return ''
  return names.every((n) => n.startsWith(`${first}/`)) ? `${first}/` : ''
}

type Entry = { name: string; size: number }

function listEntries(bytes: Uint8Array): Entry[] {
  const entries: Entry[] = []
  try {
    // A filter that keeps nothing reads the central directory only: no entry is inflated. The
    // count is capped as it goes (hidden entries and folders included), whatever the header claims.
    unzipSync(bytes, {
      filter: (f) => {
        if (entries.push({ name: f.name, size: f.originalSize }) > 2 * LIMITS.files) throw tooMany()
        return false
      },
    })
  } catch (error) {
    if (error instanceof ImportRefused) throw error
    throw new ImportRefused('The file is not a zip archive.')
  }
  return entries
}

export function zipSource(bytes: Uint8Array): SourceFile[] {
  const entries = listEntries(bytes).filter((e) => !e.name.endsWith('/'))
  const unsafe = entries.filter((e) => !isSafeEntryName(e.name))
  if (unsafe.length) {
    const problems = unsafe.map((e) => ({ file: e.name.slice(0, 200), message: 'An entry name that points outside the archive (absolute, "..", or a backslash).', code: 'unsafe_path' }))
    throw new ImportRefused('The zip archive has unsafe entry names; nothing was imported.', problems)
  }
  const read = entries.filter((e) => !e.name.split('/').some(passedOver))
  const prefix = commonFolder(read.map((e) => e.name))
  const kept = read.map((e) => ({ ...e, path: e.name.slice(prefix.length) })).filter((e) => wanted(e.path))
  if (kept.length > LIMITS.files) throw tooMany()
  const total = kept.reduce((sum, e) => sum + e.size, 0)
  if (total > LIMITS.unpackedBytes) throw new ImportRefused(`The archive unpacks to more than ${LIMITS.unpackedBytes / 1024 / 1024} MiB: import it in parts, or with folio import-content.`)
  const names = new Set(kept.map((e) => e.name))
  let files: Record<string, Uint8Array>
  try {
    // NOTE: fflate inflates each entry into a buffer of its declared size and never grows it, so the
    // sizes checked above bound the memory even when an entry lies about its size.
    files = unzipSync(bytes, { filter: (f) => names.has(f.name) })
  } catch (error) {
    throw new ImportRefused(`The zip archive is damaged (${(error as Error).message}).`)
  }
  return kept
    .filter((e) => files[e.name])
    .map((e) => ({ path: e.path, size: files[e.name]!.byteLength, read: () => files[e.name]! }))
    .sort((a, b) => (a.path < b.path ? -1 : 1))
}
