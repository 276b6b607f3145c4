import * as paths from '#src/contract/paths'
import type { ProjectListItem } from '#src/contract/project'
import { ProjectThumbnail } from './project-thumbnail'
import { SearchSnippet } from './search-snippet'
import { TagList } from './tag-list'

/** `eager`: a card in the first row, above the fold, whose image should not wait for layout. */
export function ProjectCard({ project, eager = false }: { project: ProjectListItem; eager?: boolean }) {
  return (
    <article className="card">
      <ProjectThumbnail image={project.thumbnail} title={project.title} eager={eager} />
      <h2 className="card-title">
        <a href={paths.project(project.slug)}>{project.title}</a>
      </h2>
      {project.summary && <p>{project.summary}</p>}
      <SearchSnippet parts={project.snippet} />
      {project.tags && <TagList tags={project.tags} hrefFor={paths.projectsTagged} />}
    </article>
  )
}
