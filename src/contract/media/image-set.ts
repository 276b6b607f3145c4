// An image as pages show it (issue 22): its address, and for an upload its pixel size and the
// responsive variants folio made of it, as `srcset` strings per format. A page renders it as a
// <picture>: AVIF first, then WebP, then the original, with width and height against layout shift.

export type ImageSource = { type: 'image/avif' | 'image/webp'; srcset: string }

export type ImageSet = {
  src: string
  width?: number
  height?: number
  /** Empty until the variants are made, and for images that are not uploads (a link, an SVG). */
  sources: ImageSource[]
}

/** The widths a variant is made at; an image narrower than one gets none wider than itself. */
export const VARIANT_WIDTHS: readonly number[] = [480, 960, 1440]
export const VARIANTS_URL = '/uploads/images/variants/'
/**
 * The project hero's `sizes`: at most 56rem wide (projects.css), the page's width on a phone. The
 * page's <img> and the server's preload of it (src/web/share-meta.ts) must say the same, or the
 * browser fetches the hero twice.
 */
export const HERO_SIZES = '(min-width: 60rem) 56rem, calc(100vw - 2.5rem)'
export const variantFile = (hash: string, width: number, ext: 'avif' | 'webp') => `${hash}-${width}.${ext}`
