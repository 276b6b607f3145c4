import type { ImageSet } from '#src/contract/media/image-set'
import { Picture } from './picture'

/** Cards are at least 18rem in a grid of up to three columns (components.css .card-grid). */
const CARD_SIZES = '(min-width: 62rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 2.5rem)'

/**
 * A project card's image, above its title. Decorative (alt=""): the title beside it is the link
 * and says what it shows; a screen reader hears it once. A project with no image gets a panel in
 * the accent with its initial, so a grid of cards keeps one rhythm.
 */
export function ProjectThumbnail({ image, title, eager }: { image?: ImageSet; title: string; eager: boolean }) {
  if (!image) {
    return (
      <div className="card-thumbnail card-thumbnail-blank" aria-hidden="true">
        <span>{[...title.trim()][0]?.toUpperCase()}</span>
      </div>
    )
  }
  return (
    <div className="card-thumbnail">
      <Picture image={image} alt="" sizes={CARD_SIZES} fallbackSize={{ width: 1200, height: 630 }} loading={eager ? 'eager' : 'lazy'} />
    </div>
  )
}
