import { useEffect, useRef, useState } from 'react'
import type { ImageSet } from '#src/contract/media/image-set'
import { Picture } from './picture'

type LoadState = 'loading' | 'loaded' | 'failed'

/**
 * The hero image, shown only once it has loaded (spec section 2). Its frame keeps the space from
 * the first paint, so nothing moves when it appears. The hiding applies once the app has hydrated
 * (projects.css): in the server's page the browser itself paints the image only when it has it,
 * without waiting for the script; without JavaScript it simply shows.
 */
/** The hero shows at most 56rem wide (projects.css), the page's width on a phone. */
export const HERO_SIZES = '(min-width: 60rem) 56rem, calc(100vw - 2.5rem)'

export function ProjectHero({ image, alt }: { image: ImageSet; alt: string }) {
  const ref = useRef<HTMLImageElement>(null)
  const [state, setState] = useState<LoadState>('loading')

  // NOTE: an image can finish before hydration attaches onLoad; its load event is gone then.
  // decode() settles at once for a finished image and tells loaded from broken.
  useEffect(() => {
    const img = ref.current
    if (!img?.complete) return
    let live = true
    img.decode().then(
      () => live && setState('loaded'),
      () => live && setState('failed'),
    )
    return () => {
      live = false
    }
  }, [image.src])

  if (state === 'failed') return null
  return (
    <figure className="project-hero" data-state={state}>
      <Picture
        imgRef={ref}
        image={image}
        alt={alt}
        sizes={HERO_SIZES}
        fallbackSize={{ width: 1200, height: 630 }}
        fetchPriority="high"
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </figure>
  )
}
