// The post form (spec sections 4 and 5, issue 20): create mode without a post, edit mode with one.
// Title and body first, the body beside its preview; the other fields folded in Details.
import { useEffect, useMemo, useRef } from 'react'
import type { Post } from '#src/contract/post'
import { readingMinutes } from '#src/contract/text'
import { slugPreview } from '#client/lib/editor/editor-form'
import { detailsSummary, hasDetailError } from '#client/lib/editor/details-summary'
import { formatDateTime } from '#client/lib/format-date'
import { EditorActions } from '#client/ui/editor/editor-actions'
import { EditorAlert } from '#client/ui/editor/editor-alert'
import { EditorBody } from '#client/ui/editor/editor-body'
import { EditorCheckbox } from '#client/ui/editor/editor-checkbox'
import { EditorDetails } from '#client/ui/editor/editor-details'
import { EditorField } from '#client/ui/editor/editor-field'
import { EditorPublication } from '#client/ui/editor/editor-publication'
import { EditorViewLink } from '#client/ui/editor/editor-view-link'
import { useEditorForm, type EditorMessages } from '#client/ui/editor/use-editor-form'
import { clampReadingMinutes, emptyPostForm, parsePostForm, postToForm, type PostFormValues } from './post-form'

export const POST_MESSAGES: EditorMessages = {
  saveFailed: 'Failed to save post',
  deleteFailed: 'Failed to delete',
  confirmDelete: 'Delete this post permanently?',
  created: 'Post created.',
  saved: 'Post saved.',
  deleted: 'Post deleted.',
}

type Props = {
  post?: Post
  /** Moves focus to the heading on mount (after a create switched the form to edit mode). */
  focusHeading?: boolean
  onSaved: (post: Post, previousSlug: string | null) => void
  onDeleted: (slug: string) => void
}

export function PostsForm({ post, focusHeading, onSaved, onDeleted }: Props) {
  const base = useMemo(() => (post ? postToForm(post) : emptyPostForm), [post])
  const editor = useEditorForm({ screen: 'posts', item: post, base, parse: parsePostForm, messages: POST_MESSAGES, onSaved, onDeleted })
  const { values, errors, change } = editor
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusHeading) heading.current?.focus()
  }, [focusHeading])

  const field = (name: keyof PostFormValues, label: string) => ({
    form: 'post',
    name,
    label,
    value: values[name],
    onChange: (value: string) => change(name, value),
    error: errors[name],
  })
  const slug = slugPreview(values.slug, values.title)
  const estimate = readingMinutes(values.bodyMD)

  return (
    <form ref={editor.form} className="editor-form" onSubmit={editor.submit} noValidate aria-labelledby="post-form-heading">
      <div className="editor-form-head">
        <h2 id="post-form-heading" ref={heading} tabIndex={-1}>
          {post ? `Edit post: ${post.title}` : 'New post'}
        </h2>
        {post && <EditorViewLink kind="post" stored={post} />}
      </div>
      <EditorField {...field('title', 'Title')} required />
      <EditorBody form="post" value={values.bodyMD} onChange={(next) => change('bodyMD', next)} error={errors.bodyMD} />
      <EditorDetails startOpen={!post} hasError={hasDetailError(errors)} summary={detailsSummary(values.status, `/blog/${slug}`)}>
        {post && (
          <p className="editor-meta">
            Created <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
          </p>
        )}
        <EditorField
          {...field('slug', 'Slug')}
          help={slug ? <>Optional; made from the title when empty. Saved as <code>{slug}</code> (the page /blog/{slug}).</> : 'Optional; made from the title when empty.'}
        />
        <EditorField {...field('summary', 'Summary')} multiline rows={2} required help="At least 10 characters." />
        <EditorField {...field('tags', 'Tags')} help="Comma-separated, e.g. GPU, Rust." />
        <EditorField
          {...field('readingMinutes', 'Reading minutes')}
          type="number"
          onBlur={() => change('readingMinutes', clampReadingMinutes)}
          help={`Optional whole number; values below 1 become 1. Leave empty to compute it from the body (now about ${estimate} min).`}
        />
        <EditorCheckbox {...field('toc', 'Show a table of contents')} help="Lists the body's second- and third-level headings above the post." />
        <EditorPublication form="post" values={values} errors={errors} onChange={change} stored={post} />
      </EditorDetails>
      <EditorAlert failure={editor.failure} />
      <EditorActions editing={Boolean(post)} dirty={editor.dirty} saving={editor.saving} deleting={editor.deleting} onDiscard={editor.discard} onDelete={editor.askDelete} />
    </form>
  )
}
