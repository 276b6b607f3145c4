// Phones (issue 20): the list and the editor are separate views; this leads back to the list.
import { useEffect } from 'react'
import { Link } from 'wouter'
import type { EditorView } from './use-editor-screen'

export const PHONE_QUERY = '(max-width: 767.98px)'

export function EditorBackLink({ href, label, view }: { href: string; label: string; view: EditorView }) {
  // NOTE: a navigation keeps the scroll position; on a phone the view just opened starts at its top.
  useEffect(() => {
    if (typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches) window.scrollTo(0, 0)
  }, [view])
  return (
    <Link href={href} className="editor-back">
      <span aria-hidden="true">← </span>
      {label}
    </Link>
  )
}
