// /projects, rendered on the server only (decision 066): the header and intro, then the
// projects-list island with what the URL's filters show. Without JavaScript it is a GET form and
// links, each answered here with the filtered list; with it, the island filters in place.
import { useQuery } from '@tanstack/react-query'
import { useSearch } from 'wouter'
import { useSite, useSiteData } from '#client/lib/site-context'
import { projectsQuery } from '#client/lib/site-data'
import { island } from '../islands/island'
import { readListFilters } from '../islands/list-url'
import { ProjectsList } from '../islands/projects-list'
import { projectQueryFilters } from './project-filters'

const ProjectsListIsland = island('projects-list', ProjectsList)

export function ProjectsPage() {
  const filters = readListFilters(new URLSearchParams(useSearch()))
  const data = useSiteData()
  const site = useSite()
  // Prefetched by the route (a failure there is a 500 page), so never missing here.
  const projects = useQuery(projectsQuery(data, projectQueryFilters(filters))).data ?? []

  return (
    <div className="page projects-page">
      <header className="page-header">
        <h1>Projects</h1>
        {site.intros.projects && <p className="lede">{site.intros.projects}</p>}
      </header>
      <ProjectsListIsland projects={projects} filters={filters} apiBase={site.apiBase} {...(site.staticSite ? { staticSite: true } : {})} />
    </div>
  )
}
