import { useEffect, useRef, useState } from 'react'
import { Link } from 'wouter'

type Props = { tags: string[]; active?: string; hrefFor: (tag: string) => string }

/**
 * The 'More tags…' disclosure: tags past the first chips, as links, so it works without
 * JavaScript too. With it, Escape, a click outside, leaving by keyboard or picking a tag closes it.
 */
export function MoreTags({ tags, active, hrefFor }: Props) {
  const ref = useRef<HTMLDetailsElement>(null)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    const details = ref.current
    if (!open || !details) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return
      details.open = false
      details.querySelector('summary')?.focus()
    }
    const onPointer = (e: PointerEvent) => {
      if (!details.contains(e.target as Node)) details.open = false
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  const close = () => {
    if (ref.current) ref.current.open = false
  }

  return (
    <details
      ref={ref}
      className="more-tags"
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null) && e.relatedTarget) close()
      }}
    >
      <summary className="chip more-tags-toggle">More tags…</summary>
      <ul className="more-tags-list">
        {tags.map((t) => (
          <li key={t}>
            <Link href={hrefFor(t)} className="chip" aria-current={t === active ? 'true' : undefined} onClick={close}>
              {t}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  )
}
