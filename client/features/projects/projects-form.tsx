// The project form (spec sections 4 and 5, issue 20): create mode without a project, edit mode with one.
import { useEffect, useMemo, useRef } from 'react'
import type { Project } from '#src/contract/project'
import { detailsSummary, hasDetailError } from '#client/lib/editor/details-summary'
import { slugPreview } from '#client/lib/editor/editor-form'
import { EditorActions } from '#client/ui/editor/editor-actions'
import { EditorAlert } from '#client/ui/editor/editor-alert'
import { EditorBody } from '#client/ui/editor/editor-body'
import { EditorDetails } from '#client/ui/editor/editor-details'
import { EditorField } from '#client/ui/editor/editor-field'
import { EditorImageUpload } from '#client/ui/editor/editor-image-upload'
import { EditorPublication } from '#client/ui/editor/editor-publication'
import { EditorViewLink } from '#client/ui/editor/editor-view-link'
import { useEditorForm, type EditorMessages } from '#client/ui/editor/use-editor-form'
import { KeyValueRows } from './key-value-rows'
import { appendLine, emptyProjectForm, parseProjectForm, projectToForm, type ProjectFormValues } from './project-form'

export const PROJECT_MESSAGES: EditorMessages = {
  saveFailed: 'Failed to save project',
  deleteFailed: 'Failed to delete',
  confirmDelete: 'Delete this project permanently?',
  created: 'Project created.',
  saved: 'Project saved.',
  deleted: 'Project deleted.',
}

type Props = {
  project?: Project
  /** Moves focus to the heading on mount (after a create switched the form to edit mode). */
  focusHeading?: boolean
  onSaved: (project: Project, previousSlug: string | null) => void
  onDeleted: (slug: string) => void
}

export function ProjectsForm({ project, focusHeading, onSaved, onDeleted }: Props) {
  const base = useMemo(() => (project ? projectToForm(project) : emptyProjectForm), [project])
  const editor = useEditorForm({ screen: 'projects', item: project, base, parse: parseProjectForm, messages: PROJECT_MESSAGES, onSaved, onDeleted })
  const { values, errors, change } = editor
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusHeading) heading.current?.focus()
  }, [focusHeading])

  const field = (name: keyof ProjectFormValues, label: string) => ({
    form: 'project',
    name,
    label,
    value: values[name],
    onChange: (value: string) => change(name, value),
    error: errors[name],
  })
  const slug = slugPreview(values.slug, values.title)

  return (
    <form ref={editor.form} className="editor-form" onSubmit={editor.submit} noValidate aria-labelledby="project-form-heading">
      <div className="editor-form-head">
        <h2 id="project-form-heading" ref={heading} tabIndex={-1}>
          {project ? `Edit project: ${project.title}` : 'New project'}
        </h2>
        {project && <EditorViewLink kind="project" stored={project} />}
      </div>
      <EditorField {...field('title', 'Title')} required />
      <EditorBody form="project" value={values.bodyMD} onChange={(next) => change('bodyMD', next)} error={errors.bodyMD} />
      <EditorDetails startOpen={!project} hasError={hasDetailError(errors)} summary={detailsSummary(values.status, `/projects/${slug}`)}>
        <EditorField
          {...field('slug', 'Slug')}
          help={slug ? <>Optional; made from the title when empty. Saved as <code>{slug}</code> (the page /projects/{slug}).</> : 'Optional; made from the title when empty.'}
        />
        <EditorField {...field('summary', 'Summary')} multiline rows={2} required help="At least 10 characters." />
        <EditorField {...field('role', 'Role')} help="Optional, e.g. Lead engineer." />
        <EditorField {...field('tags', 'Tags')} help="Comma-separated, e.g. FPGA, VHDL." />
        <EditorField {...field('heroImage', 'Hero image URL')} help="An http(s) URL or a site path such as /uploads/….">
          <EditorImageUpload label="Upload hero image" onUploaded={(url) => change('heroImage', url)} />
        </EditorField>
        <EditorField {...field('gallery', 'Gallery')} multiline rows={4} code help="One image URL per line.">
          <EditorImageUpload label="Upload gallery image" onUploaded={(url) => change('gallery', (gallery) => appendLine(gallery, url))} />
        </EditorField>
        <KeyValueRows
          {...field('demoLinks', 'Demo links')}
          name="demoLinks"
          keyLabel="Name"
          valueLabel="URL"
          addLabel="Add demo link"
          help="Names and URLs. The project page shows the links named video and embedPath."
        />
        <KeyValueRows {...field('metrics', 'Metrics')} name="metrics" keyLabel="Label" valueLabel="Value" addLabel="Add metric" help="Labels and numbers or texts, listed as Outcomes." />
        <EditorPublication form="project" values={values} errors={errors} onChange={change} stored={project} />
      </EditorDetails>
      <EditorAlert failure={editor.failure} />
      <EditorActions editing={Boolean(project)} dirty={editor.dirty} saving={editor.saving} deleting={editor.deleting} onDiscard={editor.discard} onDelete={editor.askDelete} />
    </form>
  )
}
