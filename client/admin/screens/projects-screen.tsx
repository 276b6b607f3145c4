// /admin/projects (spec sections 2, 4, 5 and 8): the sidebar list with New and reorder, and the
// form that creates a project (nothing selected) or edits the selected one.
import type { Project } from '#src/contract/project'
import { ProjectsForm } from '#client/features/projects/projects-form'
import { ProjectsList } from '#client/features/projects/projects-list'
import { EditorAlert } from '#client/ui/editor/editor-alert'
import { EditorSidebar } from '#client/ui/editor/editor-sidebar'
import { useEditorScreen } from '#client/ui/editor/use-editor-screen'

export function ProjectsScreen() {
  const screen = useEditorScreen<Project>('projects', 'Failed to load projects')
  const { selected, item } = screen
  return (
    <section className="screen editor-screen" aria-labelledby="projects-heading">
      <h1 id="projects-heading">Projects</h1>
      <div className="editor-layout">
        <EditorSidebar
          heading="All projects"
          noun="project"
          onNew={screen.startNew}
          loading={screen.list.isPending}
          failure={screen.failure}
          empty={screen.items.length === 0}
          emptyText="No projects yet."
        >
          <ProjectsList items={screen.items} selected={selected} onSelect={screen.select} />
        </EditorSidebar>
        <div className="editor-main">
          {selected !== null && screen.list.isPending ? (
            <p role="status">Loading…</p>
          ) : selected !== null && !item ? (
            <EditorAlert failure={{ title: 'Failed to load project', lines: screen.list.isError ? [] : [`No project has the slug "${selected}".`] }} />
          ) : (
            <ProjectsForm key={screen.formKey} project={item} focusHeading={screen.focusHeading} onSaved={screen.saved} onDeleted={screen.deleted} />
          )}
        </div>
      </div>
    </section>
  )
}
