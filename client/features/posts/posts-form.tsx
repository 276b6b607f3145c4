// The post form (spec sections 4 and 5, issue 20): create mode without a post, edit mode with one,
// in the editors' shared form frame; a post's own fields are its tags, reading time and contents.
import type { Post } from '#src/contract/post'
import { readingMinutes } from '#src/contract/text'
import { formatDateTime } from '#client/lib/format-date'
import { EditorCheckbox } from '#client/ui/editor/editor-checkbox'
import { EditorField } from '#client/ui/editor/editor-field'
import { EditorItemForm } from '#client/ui/editor/editor-item-form'
import { useItemForm, type ItemFormProps } from '#client/ui/editor/use-item-form'
import { clampReadingMinutes, emptyPostForm, parsePostForm, postToForm, type PostFormValues } from './post-form'

type Props = ItemFormProps<Post> & { post?: Post }

export function PostsForm({ post, ...props }: Props) {
  const editor = useItemForm<PostFormValues, unknown, Post>('post', { item: post, empty: emptyPostForm, toForm: postToForm, parse: parsePostForm, ...props })
  const { field, change } = editor
  const created = post && (
    <p className="editor-meta">
      Created <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
    </p>
  )
  return (
    <EditorItemForm editor={editor} pages="/blog" meta={created}>
      <EditorField {...field('tags', 'Tags')} help="Comma-separated, e.g. GPU, Rust." />
      <EditorField
        {...field('readingMinutes', 'Reading minutes')}
        type="number"
        onBlur={() => change('readingMinutes', clampReadingMinutes)}
        help={`Optional whole number; values below 1 become 1. Leave empty to compute it from the body (now about ${readingMinutes(editor.values.bodyMD)} min).`}
      />
      <EditorCheckbox {...field('toc', 'Show a table of contents')} help="Lists the body's second- and third-level headings above the post." />
    </EditorItemForm>
  )
}
