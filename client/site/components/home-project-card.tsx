import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import type { ProjectListItem } from '#src/contract/project'
import { ProjectThumbnail } from './project-thumbnail'
import { TagList } from './tag-list'

const MAX_TAGS = 4

/** A featured project on the home page: the card of /projects, one heading level down. */
export function HomeProjectCard({ project }: { project: ProjectListItem }) {
  const tags = project.tags ?? []
  return (
    <article className="card home-card home-project-card">
      <ProjectThumbnail image={project.thumbnail} title={project.title} eager={false} />
      <h3 className="card-title">
        <Link href={paths.project(project.slug)}>{project.title}</Link>
      </h3>
      {project.summary && <p>{project.summary}</p>}
      <TagList tags={tags.slice(0, MAX_TAGS)} hrefFor={paths.projectsTagged} />
    </article>
  )
}
