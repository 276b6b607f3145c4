import { HERO_SIZES, type ImageSet } from '#src/contract/media/image-set'
import { Picture } from './picture'

/**
 * The hero image, shown once it has loaded (spec section 2): the browser paints nothing of an
 * image still loading, and its frame keeps the space from the first paint, so nothing moves when
 * it appears. A broken one is taken away by the page script (client/site/reading-script.ts),
 * which marks the frame `loaded` or `error`; no React runs for it (decision 066).
 */
export function ProjectHero({ image, alt }: { image: ImageSet; alt: string }) {
  return (
    <figure className="project-hero" data-state="loading">
      <Picture image={image} alt={alt} sizes={HERO_SIZES} fallbackSize={{ width: 1200, height: 630 }} fetchPriority="high" />
    </figure>
  )
}
