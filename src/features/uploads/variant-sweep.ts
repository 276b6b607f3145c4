// `folio images`: records every uploaded image the table does not know yet (an import, a restore
// of an older backup, uploads from before the table), then makes the variants of every image
// that has none. Each image is finished, or given a note saying why not, so a sweep never loops.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { images } from '#db/schema'
import { variantFile } from '#src/contract/media/image-set'
import { IMAGE_NAME, imagesDir, variantsDir } from './image-names'
import { hasVariants, knownImageNames, MAX_VARIANT_PIXELS, pendingImages, plannedWidths, recordImage } from './image-records'
import { imageSize } from './image-size'
import { sniffImage } from './image-types'
import type { makeVariants } from './make-variants'
import { writeAtomically } from './service'

export type SweepResult = { recorded: number; made: number; skipped: { name: string; note: string }[] }

function recordUnknown(db: Db, dataDir: string): number {
  const dir = imagesDir(dataDir)
  if (!existsSync(dir)) return 0
  const known = knownImageNames(db)
  let recorded = 0
  for (const name of readdirSync(dir).filter((n) => IMAGE_NAME.test(n) && !known.has(n))) {
    const bytes = new Uint8Array(readFileSync(join(dir, name)))
    const type = sniffImage(bytes)
    const size = type && imageSize(bytes, type)
    if (size) recordImage(db, name, size)
    else db.insert(images).values({ name, width: 0, height: 0, variantsAt: new Date().toISOString(), note: 'not a readable image' }).onConflictDoNothing().run()
    recorded++
  }
  return recorded
}

/** `make`: the codec step, given so tests can count or fail it; the real one is loaded on demand. */
export async function sweepImages(
  db: Db,
  dataDir: string,
  make: typeof makeVariants = async (...args) => (await import('./make-variants')).makeVariants(...args),
): Promise<SweepResult> {
  const result: SweepResult = { recorded: recordUnknown(db, dataDir), made: 0, skipped: [] }
  const finish = (name: string, set: { variantWidths?: number[]; note: string | null }) =>
    db.update(images).set({ ...set, variantsAt: new Date().toISOString() }).where(eq(images.name, name)).run()
  for (const row of pendingImages(db)) {
    const note =
      !hasVariants(row.name) ? 'a GIF keeps only its original (it may be animated)'
      : row.width * row.height > MAX_VARIANT_PIXELS ? `larger than ${MAX_VARIANT_PIXELS / 1e6} megapixels: only the original is served`
      : null
    const source = join(imagesDir(dataDir), row.name)
    if (note || !existsSync(source)) {
      const why = note ?? 'the file is missing'
      finish(row.name, { note: why })
      result.skipped.push({ name: row.name, note: why })
      continue
    }
    try {
      const widths = plannedWidths(row.width)
      const variants = await make(await Bun.file(source).arrayBuffer(), row.name.split('.').pop()!, widths)
      mkdirSync(variantsDir(dataDir), { recursive: true })
      for (const v of variants) writeAtomically(join(variantsDir(dataDir), variantFile(row.name.slice(0, 32), v.width, v.ext)), v.bytes)
      finish(row.name, { variantWidths: widths, note: null })
      result.made++
    } catch (error) {
      const why = `variants failed: ${(error as Error).message}`
      finish(row.name, { note: why })
      result.skipped.push({ name: row.name, note: why })
    }
  }
  return result
}
