// Uploads room: images for projects, stored content-addressed under DATA_DIR/uploads/images.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { badRequest } from '#src/lib/http-error'
import type { Upload } from '#src/plugins/body'
import { sniffImage } from './image-types'

export const IMAGES_URL = '/uploads/images/'
export const imagesDir = (dataDir: string) => join(dataDir, 'uploads', 'images')
export const IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp|avif)$/

/** Writes via a temporary file and a rename, so a reader never sees half an image. */
export function writeAtomically(path: string, bytes: Uint8Array) {
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, bytes)
  renameSync(tmp, path)
}

/** Stores an image once per content; the URL never changes, so it can be cached forever. */
export function saveImage(dataDir: string, upload: Upload): { url: string } {
  const type = sniffImage(upload.bytes)
  if (!type) throw badRequest('That file is not a PNG, JPEG, WebP, GIF or AVIF image.')
  if (type.mime !== upload.type) throw badRequest(`The file is a ${type.mime} image but was sent as ${upload.type}.`)
  const name = `${createHash('sha256').update(upload.bytes).digest('hex').slice(0, 32)}.${type.ext}`
  const dir = imagesDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, name)
  if (!existsSync(path)) writeAtomically(path, upload.bytes)
  return { url: IMAGES_URL + name }
}
