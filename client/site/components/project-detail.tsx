import * as paths from '#src/contract/paths'
import type { Project } from '#src/contract/project'
import { MetricsList } from './metrics-list'
import { ProjectGallery } from './project-gallery'
import { ProjectHero } from './project-hero'
import { ProjectLinks } from './project-links'
import { useSite } from '#client/lib/site-context'
import { isDemoPath } from '#client/lib/demo-path'
import { ProjectMedia } from './project-media'
import { plainImage } from './picture'
import { TagList } from './tag-list'

const MEDIA_KEYS = new Set(['video', 'embedPath'])

/** A loaded project: header, hero, demo media, the sanitised body, Outcomes, links, gallery. */
export function ProjectDetail({ project }: { project: Project }) {
  const { demoLinks } = project
  const site = useSite()
  // With the demo off, nothing links to it (its page is a 404).
  const onSite = (url: string | undefined) => (url && (site.demoEnabled || !isDemoPath(url)) ? url : undefined)
  // A project from before `media` (or the admin's preview) has only the addresses.
  const hero = project.media?.hero ?? (project.heroImage ? plainImage(project.heroImage) : undefined)
  const gallery = project.media?.gallery ?? project.gallery.map(plainImage)
  const otherLinks = Object.entries(demoLinks).filter(([key, url]) => !MEDIA_KEYS.has(key) && onSite(url))
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
      {hero && <ProjectHero key={hero.src} image={hero} alt={project.title} />}
      <ProjectMedia title={project.title} embedPath={onSite(demoLinks.embedPath)} video={demoLinks.video} />
      <div className="prose" dangerouslySetInnerHTML={{ __html: project.bodyHtml }} />
      <MetricsList metrics={project.metrics} />
      <ProjectLinks links={otherLinks} />
      <ProjectGallery title={project.title} images={gallery} />
    </article>
  )
}
