// The posts sidebar list (spec section 2): newest first, each with its date and, when not public,
// its status; select to edit.
import type { Post } from '#src/contract/post'
import { formatDate } from '#client/lib/format-date'
import { EditorItemPublication } from '#client/ui/editor/editor-item-publication'

type Props = { items: Post[]; selected: string | null; onSelect: (slug: string) => void }

export function PostsList({ items, selected, onSelect }: Props) {
  return (
    <ul className="editor-list posts-list" aria-label="Posts, newest first">
      {items.map((post) => (
        <li key={post.slug} className={`editor-item${post.slug === selected ? ' selected' : ''}`} data-slug={post.slug}>
          <button type="button" className="editor-item-select" aria-current={post.slug === selected || undefined} onClick={() => onSelect(post.slug)}>
            <span className="editor-item-title">{post.title}</span>
            <span className="editor-item-meta">
              <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
            </span>
            <EditorItemPublication item={post} />
          </button>
        </li>
      ))}
    </ul>
  )
}
