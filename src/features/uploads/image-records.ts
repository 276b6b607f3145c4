// What folio knows of each uploaded image (the `images` table): its size from the header, and the
// widths its variants were made at. Pages ask for many addresses at once: one query per page.
import { inArray, isNull } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { images } from '#db/schema'
import { VARIANT_WIDTHS, VARIANTS_URL, variantFile, type ImageSet } from '#src/contract/media/image-set'
import { IMAGE_NAME, IMAGES_URL } from './image-names'
import type { Size } from './image-size'

/**
 * The most pixels an image may have and get variants: decoding costs 9-20 bytes a pixel (45 for an
 * AVIF of 10 bits in 4:4:4), so `folio images` peaks at about 300-450 MB for 13 MP, the
 * phone photos of 12 and 13 MP included (measured in decision 064). Read from a header that
 * agrees with the decoder (image-size.ts), so a decompression bomb is never decoded.
 */
export const MAX_VARIANT_PIXELS = 13_000_000
/**
 * The most pixels the widest variant may have: the encoders cost about 80 bytes a pixel of it, so
 * a 1440 px wide variant of a long screenshot (1440×8000) took 735 MB. Past it, only the original.
 */
export const MAX_ENCODE_PIXELS = 4_000_000
/** GIFs may move; their variants would not. */
export const hasVariants = (name: string) => !name.endsWith('.gif')

/** The widths to make for an image this wide: the standard ones clearly narrower, and its own (at most the widest). */
export function plannedWidths(width: number): number[] {
  const widest = Math.max(...VARIANT_WIDTHS)
  const below = VARIANT_WIDTHS.filter((w) => w < width * 0.9)
  const top = Math.min(width, widest)
  return below.includes(top) ? below : [...below, top]
}

/** Why an image of this size gets no variants, or null when it gets them. */
export function whyOriginalOnly(name: string, size: Size): string | null {
  if (!hasVariants(name)) return 'a GIF keeps only its original (it may be animated)'
  if (size.width * size.height > MAX_VARIANT_PIXELS) return `larger than ${MAX_VARIANT_PIXELS / 1e6} megapixels: only the original is served`
  const widest = Math.max(...plannedWidths(size.width))
  if (widest * Math.round((size.height * widest) / size.width) > MAX_ENCODE_PIXELS) {
    return `too tall for variants (the widest would pass ${MAX_ENCODE_PIXELS / 1e6} megapixels): only the original is served`
  }
  return null
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
