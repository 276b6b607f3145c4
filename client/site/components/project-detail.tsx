import * as paths from '#src/contract/paths'
import type { Project } from '#src/contract/project'
import { MetricsList } from './metrics-list'
import { ProjectGallery } from './project-gallery'
import { ProjectHero } from './project-hero'
import { ProjectLinks } from './project-links'
import { ProjectMedia } from './project-media'
import { TagList } from './tag-list'

const MEDIA_KEYS = new Set(['video', 'embedPath'])

/** A loaded project: header, hero, demo media, the sanitised body, Outcomes, links, gallery. */
export function ProjectDetail({ project }: { project: Project }) {
  const { demoLinks } = project
  const otherLinks = Object.entries(demoLinks).filter(([key]) => !MEDIA_KEYS.has(key))
  return (
    <article className="project-detail">
      <header className="page-header project-header">
        <h1>{project.title}</h1>
        {project.summary && <p className="lede">{project.summary}</p>}
        {project.role && (
          <p className="project-role">
            <span className="project-role-label">Role</span> {project.role}
          </p>
        )}
        <TagList tags={project.tags} hrefFor={paths.projectsTagged} />
      </header>
      {project.heroImage && <ProjectHero key={project.heroImage} src={project.heroImage} alt={project.title} />}
      <ProjectMedia title={project.title} embedPath={demoLinks.embedPath} video={demoLinks.video} />
      <div className="prose" dangerouslySetInnerHTML={{ __html: project.bodyHtml }} />
      <MetricsList metrics={project.metrics} />
      <ProjectLinks links={otherLinks} />
      <ProjectGallery title={project.title} images={project.gallery} />
    </article>
  )
}
