import type { ImageSet } from '#src/contract/media/image-set'
import { Picture } from './picture'

/** Two columns of at most 28rem on a wide screen, one on a phone. */
const GALLERY_SIZES = '(min-width: 40rem) 28rem, calc(100vw - 2.5rem)'

/** Gallery images, loaded lazily (below the fold); each opens full size. */
export function ProjectGallery({ title, images }: { title: string; images: ImageSet[] }) {
  if (!images.length) return null
  return (
    <section className="project-section gallery-section" aria-labelledby="gallery-title">
      <h2 id="gallery-title">Gallery</h2>
      <ul className="project-gallery">
        {images.map((image, i) => (
          <li key={`${i}:${image.src}`}>
            <a href={image.src}>
              <Picture image={image} alt={`${title}: image ${i + 1} of ${images.length}`} sizes={GALLERY_SIZES} fallbackSize={{ width: 1200, height: 630 }} loading="lazy" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
