import type { ImgHTMLAttributes, Ref } from 'react'
import type { ImageSet } from '#src/contract/media/image-set'

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'width' | 'height'> & {
  image: ImageSet
  alt: string
  /** How wide the image shows, for the browser to pick a variant (the `sizes` attribute). */
  sizes: string
  /** Its size when the image's own is unknown (a link, an SVG): the frame's proportions. */
  fallbackSize: { width: number; height: number }
  imgRef?: Ref<HTMLImageElement>
}

/**
 * An image with its variants: AVIF, then WebP, then the original for a browser that takes
 * neither. width and height always set, so its space is kept before it loads.
 */
export function Picture({ image, alt, sizes, fallbackSize, imgRef, ...img }: Props) {
  const size = image.width && image.height ? { width: image.width, height: image.height } : fallbackSize
  return (
    <picture>
      {image.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      <img ref={imgRef} src={image.src} alt={alt} {...size} decoding="async" {...img} />
    </picture>
  )
}

/** An address with nothing known about it (a page that has only the URL). */
export const plainImage = (src: string): ImageSet => ({ src, sources: [] })
