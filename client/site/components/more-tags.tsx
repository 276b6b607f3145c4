import { useEffect, useRef } from 'react'

type Props = { tags: string[]; active?: string; hrefFor: (tag: string) => string }

/**
 * The 'More tags…' disclosure: tags past the first chips, as links, so it works without
 * JavaScript too. With it, Escape, a click outside, leaving by keyboard or picking a tag closes it
 * (the blog island then applies the tag in place).
 */
export function MoreTags({ tags, active, hrefFor }: Props) {
  const ref = useRef<HTMLDetailsElement>(null)

  // Listening all the time (not from the toggle event on) also catches a click that comes
  // before the browser has fired toggle.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const details = ref.current
      if (e.key !== 'Escape' || !details?.open) return
      const inside = details.contains(document.activeElement)
      details.open = false
      if (inside) details.querySelector('summary')?.focus()
    }
    const onPointer = (e: PointerEvent) => {
      const details = ref.current
      if (details?.open && !details.contains(e.target as Node)) details.open = false
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [])

  const close = () => {
    if (ref.current) ref.current.open = false
  }

  return (
    <details
      ref={ref}
      className="more-tags"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget) close()
      }}
    >
      <summary className="chip more-tags-toggle">More tags…</summary>
      <ul className="more-tags-list">
        {tags.map((t) => (
          <li key={t}>
            <a href={hrefFor(t)} className="chip" aria-current={t === active ? 'true' : undefined} onClick={close}>
              {t}
            </a>
          </li>
        ))}
      </ul>
    </details>
  )
}
