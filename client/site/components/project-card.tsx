import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import type { ProjectListItem } from '#src/contract/project'
import { SearchSnippet } from './search-snippet'
import { TagList } from './tag-list'

export function ProjectCard({ project }: { project: ProjectListItem }) {
  return (
    <article className="card">
      <h2 className="card-title">
        <Link href={paths.project(project.slug)}>{project.title}</Link>
      </h2>
      {project.summary && <p>{project.summary}</p>}
      <SearchSnippet parts={project.snippet} />
      {project.tags && <TagList tags={project.tags} hrefFor={paths.projectsTagged} />}
    </article>
  )
}
