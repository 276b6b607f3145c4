// The post and project forms' frame (spec sections 4 and 5, issue 20): create mode without an
// item, edit mode with one. Title and body first, the body beside its preview; the other fields
// folded in Details, the kind's own between the summary and the publication.
import type { ReactNode } from 'react'
import { detailsSummary, hasDetailError } from '#client/lib/editor/details-summary'
import { EditorActions } from './editor-actions'
import { EditorAlert } from './editor-alert'
import { EditorBody } from './editor-body'
import { EditorDetails } from './editor-details'
import { EditorField } from './editor-field'
import { EditorPublication } from './editor-publication'
import { EditorViewLink } from './editor-view-link'
import type { ItemForm } from './use-item-form'

type Props = {
  editor: ItemForm
  /** The public pages' path: '/blog'. */
  pages: string
  /** Shown at the top of Details, before the slug. */
  meta?: ReactNode
  children: ReactNode
}

export function EditorItemForm({ editor, pages, meta, children }: Props) {
  const { kind, item, values, errors, change, field, slug } = editor
  return (
    <form ref={editor.form} className="editor-form" onSubmit={editor.submit} noValidate aria-labelledby={`${kind}-form-heading`}>
      <div className="editor-form-head">
        <h2 id={`${kind}-form-heading`} ref={editor.heading} tabIndex={-1}>
          {item ? `Edit ${kind}: ${item.title}` : `New ${kind}`}
        </h2>
        {item && <EditorViewLink kind={kind} stored={item} />}
      </div>
      <EditorField {...field('title', 'Title')} required />
      <EditorBody form={kind} value={values.bodyMD} onChange={(next) => change('bodyMD', next)} error={errors.bodyMD} />
      <EditorDetails startOpen={!item} hasError={hasDetailError(errors)} summary={detailsSummary(values.status, `${pages}/${slug}`)}>
        {meta}
        <EditorField
          {...field('slug', 'Slug')}
          help={slug ? <>Optional; made from the title when empty. Saved as <code>{slug}</code> (the page {`${pages}/${slug}`}).</> : 'Optional; made from the title when empty.'}
        />
        <EditorField {...field('summary', 'Summary')} multiline rows={2} required help="At least 10 characters." />
        {children}
        <EditorPublication form={kind} values={values} errors={errors} onChange={change} stored={item} />
      </EditorDetails>
      <EditorAlert failure={editor.failure} />
      <EditorActions editing={Boolean(item)} dirty={editor.dirty} saving={editor.saving} deleting={editor.deleting} onDiscard={editor.discard} onDelete={editor.askDelete} />
    </form>
  )
}
