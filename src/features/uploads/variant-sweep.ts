// `folio images`: records every uploaded image the table does not know yet (an import, a restore
// of an older backup, uploads from before the table), then makes the variants of every image
// that has none. Each image is finished, or given a note saying why not, so a sweep never loops;
// one stopped from outside mid-decode is tried once more, then noted (variant-attempts.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { images } from '#db/schema'
import { variantFile } from '#src/contract/media/image-set'
import { IMAGE_NAME, imagesDir, variantsDir } from './image-names'
import { knownImageNames, pendingImages, plannedWidths, recordImage, whyOriginalOnly } from './image-records'
import { imageSize, SizeDisagrees } from './image-size'
import { sniffImage } from './image-types'
import type { makeVariants } from './make-variants'
import { writeAtomically } from './service'
import { attemptsBegun, markAttempt, STOPPED_TWICE } from './variant-attempts'

/** The line `folio images` prints as each image begins, the image's name after it: the server's progress signal. */
export const BEGIN_LINE = 'making the variants of '

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

/** What a failed decode notes: a size the header did not say refuses the image, anything else fails it. */
const failure = (error: unknown) =>
  error instanceof SizeDisagrees ? `refused: ${error.message}; only the original is served` : `variants failed: ${(error as Error).message}`

/**
 * `make`: the codec step, given so tests can count or fail it; the real one is loaded on demand.
 * `onBegin` hears of each image before its decode starts (`folio images` prints it: the server
 * reads it as progress).
 */
export async function sweepImages(
  db: Db,
  dataDir: string,
  make: typeof makeVariants = async (...args) => (await import('./make-variants')).makeVariants(...args),
  onBegin: (name: string) => void = () => {},
): Promise<SweepResult> {
  const result: SweepResult = { recorded: recordUnknown(db, dataDir), made: 0, skipped: [] }
  const finish = (name: string, set: { variantWidths?: number[]; note: string | null }) =>
    db.update(images).set({ ...set, variantsAt: new Date().toISOString() }).where(eq(images.name, name)).run()
  for (const row of pendingImages(db)) {
    const begun = attemptsBegun(row.note)
    const note = whyOriginalOnly(row.name, row) ?? (begun >= 2 ? STOPPED_TWICE : null)
    const source = join(imagesDir(dataDir), row.name)
    if (note || !existsSync(source)) {
      const why = note ?? 'the file is missing'
      finish(row.name, { note: why })
      result.skipped.push({ name: row.name, note: why })
      continue
    }
    markAttempt(db, row.name, begun === 0 ? 1 : 2)
    onBegin(row.name)
    try {
      const widths = plannedWidths(row.width)
      const variants = await make(await Bun.file(source).arrayBuffer(), row.name.split('.').pop()!, { width: row.width, height: row.height }, widths)
      mkdirSync(variantsDir(dataDir), { recursive: true })
      for (const v of variants) writeAtomically(join(variantsDir(dataDir), variantFile(row.name.slice(0, 32), v.width, v.ext)), v.bytes)
      finish(row.name, { variantWidths: widths, note: null })
      result.made++
    } catch (error) {
      const why = failure(error)
      finish(row.name, { note: why })
      result.skipped.push({ name: row.name, note: why })
    }
  }
  return result
}
