// Uploads room: images for projects and the owner's photo, stored content-addressed under
// DATA_DIR/uploads/images, each recorded with its size (the `images` table).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Db } from '#db/connection'
import { badRequest } from '#src/lib/http-error'
import type { Upload } from '#src/plugins/body'
import { IMAGES_URL, imagesDir } from './image-names'
import { recordImage } from './image-records'
import { imageSize } from './image-size'
import { sniffImage } from './image-types'

/** Writes via a temporary file and a rename, so a reader never sees half an image. */
export function writeAtomically(path: string, bytes: Uint8Array) {
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, bytes)
  renameSync(tmp, path)
}

/** Stores an image once per content; the URL never changes, so it can be cached forever. */
export function saveImage(db: Db, dataDir: string, upload: Upload): { url: string } {
  const type = sniffImage(upload.bytes)
  if (!type) throw badRequest('That file is not a PNG, JPEG, WebP, GIF or AVIF image.')
  if (type.mime !== upload.type) throw badRequest(`The file is a ${type.mime} image but was sent as ${upload.type}.`)
  const size = imageSize(upload.bytes, type)
  if (!size) throw badRequest('The size of that image cannot be read from it; the file may be damaged.')
  const name = `${createHash('sha256').update(upload.bytes).digest('hex').slice(0, 32)}.${type.ext}`
  const dir = imagesDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, name)
  if (!existsSync(path)) writeAtomically(path, upload.bytes)
  recordImage(db, name, size)
  return { url: IMAGES_URL + name }
}
