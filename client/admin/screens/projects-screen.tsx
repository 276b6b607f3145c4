// /admin/projects and /admin/projects/{slug} (spec sections 2, 4, 5 and 8, issue 20): the sidebar
// list with New and reorder, and the form that creates a project (/new) or edits the open one. On
// phones the list and the editor are separate views (view-list / view-new / view-item).
import type { Project } from '#src/contract/project'
import { ProjectsForm } from '#client/features/projects/projects-form'
import { ProjectsList } from '#client/features/projects/projects-list'
import { EditorAlert } from '#client/ui/editor/editor-alert'
import { EditorBackLink } from '#client/ui/editor/editor-back-link'
import { EditorNotFound } from '#client/ui/editor/editor-not-found'
import { EditorSidebar } from '#client/ui/editor/editor-sidebar'
import { editorPath, useEditorScreen } from '#client/ui/editor/use-editor-screen'

export function ProjectsScreen() {
  const screen = useEditorScreen<Project>('projects', 'Failed to load projects')
  const { selected, item, view } = screen
  return (
    <section className={`screen editor-screen view-${view}`} aria-labelledby="projects-heading">
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
          <EditorBackLink href={editorPath('projects')} label="All projects" view={view} />
          {selected !== null && screen.list.isPending ? (
            <p role="status">Loading…</p>
          ) : selected !== null && screen.list.isSuccess && !item ? (
            <EditorNotFound noun="project" slug={selected} listHref={editorPath('projects')} listLabel="All projects" />
          ) : selected !== null && !item ? (
            <EditorAlert failure={{ title: 'Failed to load project', lines: [] }} />
          ) : (
            <ProjectsForm key={screen.formKey} project={item} focusHeading={screen.focusHeading} onSaved={screen.saved} onDeleted={screen.deleted} />
          )}
        </div>
      </div>
    </section>
  )
}
