// What folio knows of each uploaded image (the `images` table): its size from the header, and the
// widths its variants were made at. Pages ask for many addresses at once: one query per page.
import { inArray, isNull } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { images } from '#db/schema'
import { VARIANT_WIDTHS, VARIANTS_URL, variantFile, type ImageSet } from '#src/contract/media/image-set'
import { IMAGE_NAME, IMAGES_URL } from './image-names'
import type { Size } from './image-size'

/**
 * Decoding takes four bytes per pixel and the codecs hold a few copies: above this many pixels an
 * image keeps only its original (a 40 MP photo still converts in about 700 MB).
 */
export const MAX_VARIANT_PIXELS = 40_000_000
/** GIFs may move; their variants would not. */
export const hasVariants = (name: string) => !name.endsWith('.gif')

/** The widths to make for an image this wide: the standard ones clearly narrower, and its own (at most the widest). */
export function plannedWidths(width: number): number[] {
  const widest = Math.max(...VARIANT_WIDTHS)
  const below = VARIANT_WIDTHS.filter((w) => w < width * 0.9)
  const top = Math.min(width, widest)
  return below.includes(top) ? below : [...below, top]
}

export function recordImage(db: Db, name: string, size: Size) {
  db.insert(images).values({ name, ...size }).onConflictDoNothing().run()
}

export const pendingImages = (db: Db) => db.select().from(images).where(isNull(images.variantsAt)).all()
export const knownImageNames = (db: Db) => new Set(db.select({ name: images.name }).from(images).all().map((r) => r.name))

const uploadName = (url: string) => (url.startsWith(IMAGES_URL) ? url.slice(IMAGES_URL.length) : null)

const setOf = (src: string, row: typeof images.$inferSelect | undefined): ImageSet => {
  if (!row) return { src, sources: [] }
  const hash = row.name.slice(0, 32)
  const srcset = (ext: 'avif' | 'webp') => row.variantWidths.map((w) => `${VARIANTS_URL}${variantFile(hash, w, ext)} ${w}w`).join(', ')
  const sources = row.variantWidths.length ? [{ type: 'image/avif' as const, srcset: srcset('avif') }, { type: 'image/webp' as const, srcset: srcset('webp') }] : []
  return { src, width: row.width, height: row.height, sources }
}

/** Image sets for page addresses: uploads get their size and variants, any other address just itself. */
export function imageSets(db: Db, urls: (string | undefined | null)[]): Map<string, ImageSet> {
  const wanted = [...new Set(urls.filter((u): u is string => !!u))]
  const names = wanted.map(uploadName).filter((n): n is string => !!n && IMAGE_NAME.test(n))
  const rows = names.length ? db.select().from(images).where(inArray(images.name, names)).all() : []
  const byName = new Map(rows.map((r) => [r.name, r]))
  return new Map(wanted.map((url) => [url, setOf(url, byName.get(uploadName(url) ?? ''))]))
}
