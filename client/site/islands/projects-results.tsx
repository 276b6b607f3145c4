// The projects island's Filters line and its list: 'Loading…', the error, 'No projects yet.' or
// the grid of cards.
import * as paths from '#src/contract/paths'
import type { ProjectListItem } from '#src/contract/project'
import { errorText } from '#client/lib/api'
import { ProjectCard } from '../components/project-card'

/** The cards of the first row at 1280 px load their images at once; the rest when scrolled near. */
const EAGER_CARDS = 3

/**
 * Shown when a search or a tag is set. NOTE: no two texts side by side (React would put a comment
 * between them, which Preact does not hydrate): the spaces stand between elements.
 */
export function ProjectsFiltersLine({ filters: { search, tag } }: { filters: paths.ListFilters }) {
  if (!search && !tag) return null
  return (
    <p className="filters" role="status">
      {'Filters: '}
      {search && <span className="chip">{`search “${search}”`}</span>}
      {search && tag && ' '}
      {tag && <span className="chip">{`tag ${tag}`}</span>}
      {' '}
      <a href={paths.projects()}>Clear filters</a>
    </p>
  )
}

export function ProjectsResults({ items, error }: { items: ProjectListItem[] | null; error: unknown }) {
  if (error) {
    return (
      <p role="alert" className="error">
        {`Failed to load projects: ${errorText(error)}`}
      </p>
    )
  }
  if (!items) return <p role="status">Loading…</p>
  if (items.length === 0) return <p className="empty">No projects yet.</p>
  return (
    <ul className="card-grid project-grid">
      {items.map((p, i) => (
        <li key={p.slug}>
          <ProjectCard project={p} eager={i < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  )
}
