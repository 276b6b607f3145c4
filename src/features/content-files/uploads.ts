// Content files room: the uploaded images posts and projects name. An export copies them to
// `uploads/images/<name>`, the path the site serves them under, so bodies stay byte-identical; an
// import checks each one as an upload is checked (by its bytes) and never replaces a file.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { IMAGE_NAME, imagesDir, sniffImage, writeAtomically } from '#src/features/uploads'
import type { ImportProblem } from './problems'

export const UPLOADS_DIR = 'uploads/images/'
const UPLOAD_REF = /\/uploads\/images\/([\w.-]+)/g

type Item = { bodyMD: string; heroImage?: string; gallery?: string[]; demoLinks?: Record<string, string> }

/** Every text of a post or project (stored, or an import's payload) that can name an upload. */
export const textsOf = (item: Item): string[] => [item.bodyMD, item.heroImage ?? '', ...(item.gallery ?? []), ...Object.values(item.demoLinks ?? {})]

/** The uploads the texts name, as paths relative to an export (`uploads/images/<name>`). */
export function uploadsNamedBy(texts: string[]): string[] {
  const names = new Set<string>()
  for (const text of texts) for (const [, name] of text.matchAll(UPLOAD_REF)) if (IMAGE_NAME.test(name!)) names.add(UPLOADS_DIR + name)
  return [...names]
}

/** Where an upload named by its export path lives in the data directory. */
export const uploadOnDisk = (dataDir: string, path: string) => join(imagesDir(dataDir), path.slice(UPLOADS_DIR.length))

/** An upload of the import, read when checked and again when copied: one image in memory at a time. */
export type IncomingUpload = { path: string; read(): Uint8Array }
export type CheckedUploads = { toCopy: IncomingUpload[]; unchanged: number; problems: ImportProblem[] }

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.byteLength === b.byteLength && Buffer.compare(a, b) === 0

const NOT_AN_UPLOAD_NAME =
  'Only uploads/images/<sha256>.<png|jpg|gif|webp|avif> files can be imported (the names folio gives uploaded images); upload other images in the admin.'

/** What is wrong with the bytes of an upload named as folio names them, or null. */
function problemOf(path: string, bytes: Uint8Array): string | null {
  const type = sniffImage(bytes)
  if (!type) return 'The file is not a PNG, JPEG, WebP, GIF or AVIF image.'
  const name = path.slice(UPLOADS_DIR.length)
  if (!name.endsWith(`.${type.ext}`)) return `The file is a ${type.mime} image but its name ends otherwise.`
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
  if (!name.startsWith(hash)) return 'The bytes do not match the name (folio names an image after its SHA-256): the file was changed or damaged.'
  return null
}

/** Sorts the incoming uploads into new, already there, and refused. Writes nothing. */
export function checkUploads(dataDir: string, uploads: IncomingUpload[]): CheckedUploads {
  const checked: CheckedUploads = { toCopy: [], unchanged: 0, problems: [] }
  for (const upload of uploads) {
    // Checked by name before a byte is read.
    if (!upload.path.startsWith(UPLOADS_DIR) || !IMAGE_NAME.test(upload.path.slice(UPLOADS_DIR.length))) {
      checked.problems.push({ file: upload.path, message: NOT_AN_UPLOAD_NAME, code: 'invalid_upload' })
      continue
    }
    const bytes = upload.read()
    const problem = problemOf(upload.path, bytes)
    if (problem) {
      checked.problems.push({ file: upload.path, message: problem, code: 'invalid_upload' })
      continue
    }
    const target = uploadOnDisk(dataDir, upload.path)
    if (!existsSync(target)) checked.toCopy.push(upload)
    else if (sameBytes(readFileSync(target), bytes)) checked.unchanged++
    else checked.problems.push({ file: upload.path, message: 'A different file with this name is already on the site; it is left as it is.', code: 'upload_conflict' })
  }
  return checked
}

export function copyUploads(dataDir: string, uploads: IncomingUpload[]) {
  if (uploads.length) mkdirSync(imagesDir(dataDir), { recursive: true })
  for (const upload of uploads) writeAtomically(uploadOnDisk(dataDir, upload.path), upload.read())
}
