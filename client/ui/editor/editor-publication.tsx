// The publication fields of the post and project editors (issue 6): status, the publish time when
// scheduled (typed in UTC, as the admin shows every time), and a preview link while not public.
import type { Publication } from '#src/contract/publication'
import type { FieldErrors } from '#client/lib/editor/editor-form'
import { STATUS_OPTIONS, type PublicationFormValues } from '#client/lib/editor/publication-form'
import { EditorField } from './editor-field'
import { EditorPreviewLink } from './editor-preview-link'

type Props = {
  form: 'post' | 'project'
  values: PublicationFormValues
  errors: FieldErrors
  onChange: (name: keyof PublicationFormValues, value: string) => void
  /** The item as saved, in edit mode: its preview link shows the saved version. */
  stored?: { slug: string } & Publication
}

export function EditorPublication({ form, values, errors, onChange, stored }: Props) {
  const field = (name: keyof PublicationFormValues, label: string) => ({ form, name, label, value: values[name], onChange: (value: string) => onChange(name, value), error: errors[name] })
  return (
    <fieldset className="editor-publication">
      <legend>Publication</legend>
      <EditorField {...field('status', 'Status')} options={STATUS_OPTIONS} help="Drafts and scheduled items stay hidden from visitors, the feeds and search." />
      {values.status === 'scheduled' && (
        <EditorField {...field('publishAt', 'Publish at (UTC)')} type="datetime-local" required help="Date and time in UTC, not your local time: the item goes public then." />
      )}
      {stored && stored.status !== 'published' && <EditorPreviewLink kind={form} slug={stored.slug} />}
    </fieldset>
  )
}
