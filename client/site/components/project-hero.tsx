import { useEffect, useRef, useState } from 'react'

type LoadState = 'loading' | 'loaded' | 'failed'

/**
 * The hero image, shown only once it has loaded (spec section 2). Its frame keeps the space from
 * the first paint, so nothing moves when it appears. The hiding applies under `html.js` only:
 * without JavaScript nobody would ever reveal it, so it simply shows.
 */
export function ProjectHero({ src, alt }: { src: string; alt: string }) {
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
  }, [src])

  if (state === 'failed') return null
  return (
    <figure className="project-hero" data-state={state}>
      <img
        ref={ref}
        src={src}
        alt={alt}
        width={1200}
        height={630}
        decoding="async"
        fetchPriority="high"
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
    </figure>
  )
}
