// What a sidebar item says when visitors cannot see it yet: 'Draft', or when it is scheduled for.
// Words, not only a colour, so it reads the same to everyone.
import type { Publication } from '#src/contract/publication'
import { publicationLabel } from '#client/lib/editor/publication-form'

export function EditorItemPublication({ item }: { item: Publication }) {
  const label = publicationLabel(item)
  if (!label) return null
  return (
    <span className="editor-item-publication" data-status={item.status}>
      {label}
    </span>
  )
}
