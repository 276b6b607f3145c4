// /projects: search and tag from the URL, the Filters line, loading, error, empty, the grid.
import { useQuery } from '@tanstack/react-query'
import { Link, useSearch } from 'wouter'
import { errorText } from '../../lib/api'
import { useSiteData } from '../../lib/site-context'
import { projectsQuery, type ProjectFilters } from '../../lib/site-data'
import { ProjectCard } from '../components/project-card'

export const projectFilters = (search: URLSearchParams): ProjectFilters => ({
  search: search.get('search')?.trim() || undefined,
  tag: search.get('tag')?.trim() || undefined,
})

export function ProjectsPage() {
  const filters = projectFilters(new URLSearchParams(useSearch()))
  const data = useSiteData()
  const query = useQuery(projectsQuery(data, filters))

  return (
    <div className="page">
      <header className="page-header">
        <h1>Projects</h1>
        <p className="lede">Selected work and experiments.</p>
      </header>
      {(filters.search || filters.tag) && (
        <p className="filters" role="status">
          Filters: {filters.search && <span className="chip">search “{filters.search}”</span>} {filters.tag && <span className="chip">tag {filters.tag}</span>}{' '}
          <Link href="/projects">Clear filters</Link>
        </p>
      )}
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : query.isError ? (
        <p role="alert" className="error">
          Failed to load projects: {errorText(query.error)}
        </p>
      ) : query.data.length === 0 ? (
        <p>No projects yet.</p>
      ) : (
        <ul className="card-grid">
          {query.data.map((p) => (
            <li key={p.slug}>
              <ProjectCard project={p} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
