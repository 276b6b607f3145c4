// The project form (spec sections 4 and 5, issue 20): create mode without a project, edit mode with
// one, in the editors' shared form frame; a project's own fields are its role, images, links and metrics.
import type { Project } from '#src/contract/project'
import { EditorField } from '#client/ui/editor/editor-field'
import { EditorImageUpload } from '#client/ui/editor/editor-image-upload'
import { EditorItemForm } from '#client/ui/editor/editor-item-form'
import { useItemForm, type ItemFormProps } from '#client/ui/editor/use-item-form'
import { KeyValueRows } from './key-value-rows'
import { appendLine, emptyProjectForm, parseProjectForm, projectToForm, type ProjectFormValues } from './project-form'

type Props = ItemFormProps<Project> & { project?: Project }

export function ProjectsForm({ project, ...props }: Props) {
  const editor = useItemForm<ProjectFormValues, unknown, Project>('project', { item: project, empty: emptyProjectForm, toForm: projectToForm, parse: parseProjectForm, ...props })
  const { field, change } = editor
  return (
    <EditorItemForm editor={editor} pages="/projects">
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
    </EditorItemForm>
  )
}
