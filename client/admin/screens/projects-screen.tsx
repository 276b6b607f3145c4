// /admin/projects and /admin/projects/{slug} (spec sections 2, 4, 5 and 8, issue 20): the projects
// list with reorder and the project form in the editors' shared screen frame.
import type { Project } from '#src/contract/project'
import { ProjectsForm } from '#client/features/projects/projects-form'
import { ProjectsList } from '#client/features/projects/projects-list'
import { EditorScreen } from '#client/ui/editor/editor-screen'

export function ProjectsScreen() {
  return <EditorScreen<Project> screen="projects" title="Projects" noun="project" List={ProjectsList} form={({ item, ...props }) => <ProjectsForm project={item} {...props} />} />
}
