// /projects: search and tag from the URL, the Filters line, loading, error, empty, the grid, and
// the project order sync of spec section 4.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link, useSearch } from 'wouter'
import * as paths from '#src/contract/paths'
import type { ProjectListItem } from '#src/contract/project'
import { errorText } from '#client/lib/api'
import { applyOrder, orderCacheParam, subscribeOrder } from '#client/lib/order-sync'
import { useSite, useSiteData } from '#client/lib/site-context'
import { projectsQuery, type ProjectFilters } from '#client/lib/site-data'
import { ProjectCard } from '../components/project-card'
import { ProjectsSearch } from '../components/projects-search'
import { projectFilters } from './project-filters'


type Order = { version: number; slugs?: string[] }

/**
 * The published project order. The version starts at 0 on the server and in the browser alike,
 * so the first render uses the server's data; only an event or another tab's write moves it.
 */
function useProjectOrder(): Order {
  const [order, setOrder] = useState<Order>({ version: 0 })
  useEffect(() => subscribeOrder(({ slugs, version }) => setOrder({ version, slugs })), [])
  return order
}

const sameFilters = (key: readonly unknown[] | undefined, filters: ProjectFilters) => {
  const prev = (key?.[1] ?? {}) as ProjectFilters
  return (prev.search ?? undefined) === filters.search && (prev.tag ?? undefined) === filters.tag
}

/** The cards of the first row at 1280 px load at once; the rest when scrolled near. */
const EAGER_CARDS = 3

export function ProjectsPage() {
  const filters = projectFilters(new URLSearchParams(useSearch()))
  const data = useSiteData()
  const site = useSite()
  const order = useProjectOrder()
  const query = useQuery({
    ...projectsQuery(data, { ...filters, _: orderCacheParam(order.version) }),
    // A new order keeps the list on screen while it refetches; a new search shows 'Loading…'.
    placeholderData: (previous: ProjectListItem[] | undefined, previousQuery) =>
      sameFilters(previousQuery?.queryKey, filters) ? previous : undefined,
  })
  const ordered = (items: ProjectListItem[]) => (order.slugs ? applyOrder(items, order.slugs) : items)

  return (
    <div className="page projects-page">
      <header className="page-header">
        <h1>Projects</h1>
        {site.intros.projects && <p className="lede">{site.intros.projects}</p>}
      </header>
      <ProjectsSearch key={`${filters.search ?? ''}\n${filters.tag ?? ''}`} search={filters.search} tag={filters.tag} />
      {(filters.search || filters.tag) && (
        <p className="filters" role="status">
          Filters: {filters.search && <span className="chip">search “{filters.search}”</span>} {filters.tag && <span className="chip">tag {filters.tag}</span>}{' '}
          <Link href={paths.projects()}>Clear filters</Link>
        </p>
      )}
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : query.isError ? (
        <p role="alert" className="error">
          Failed to load projects: {errorText(query.error)}
        </p>
      ) : query.data.length === 0 ? (
        <p className="empty">No projects yet.</p>
      ) : (
        <ul className="card-grid project-grid">
          {ordered(query.data).map((p, i) => (
            <li key={p.slug}>
              <ProjectCard project={p} eager={i < EAGER_CARDS} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
