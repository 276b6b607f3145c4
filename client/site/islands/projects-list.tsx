// The projects list island (decision 066): the search form, the Filters line, the states of
// spec section 2 and the grid, with the project order sync of spec section 4. Search and tag live
// in the URL; each pair (and order version) is fetched once, in the island's own cache. On a
// static export it filters the whole list it came with, in the page.
import { useMemo, useState, type MouseEvent } from 'react'
import * as apiPaths from '#src/contract/api-paths'
import type { ItemList } from '#src/contract/errors'
import * as paths from '#src/contract/paths'
import type { ProjectListItem } from '#src/contract/project'
import { createApiClient } from '#client/lib/api'
import { applyOrder, orderCacheParam } from '#client/lib/order-sync'
import { ProjectsSearch } from '../components/projects-search'
import { projectQueryFilters } from '../pages/project-filters'
import { filterInPage } from '../static-site'
import { useCachedList } from './list-results'
import { addressFilters, filtersKey, ownLinkClick, showInAddress, useFollowAddress } from './list-url'
import { ProjectsFiltersLine, ProjectsResults } from './projects-results'
import { useProjectOrder } from './projects-order'

export type ProjectsListProps = {
  /** The projects the server rendered for `filters`; on a static export every one (no query there). */
  projects: ProjectListItem[]
  filters: paths.ListFilters
  apiBase: string
  staticSite?: true
}

export function ProjectsList({ projects, filters: rendered, apiBase, staticSite }: ProjectsListProps) {
  const [filters, setFilters] = useState(rendered)
  const order = useProjectOrder()
  const api = useMemo(() => createApiClient({ apiBase }), [apiBase])
  const query = { ...projectQueryFilters(filters), _: orderCacheParam(order.version) }
  const load = async () => (await api.get<ItemList<ProjectListItem>>(apiPaths.projects, { query })).items
  const key = `${filtersKey(filters)}\n${order.version}`
  const seed = { key: `${filtersKey(rendered)}\n0`, items: projects }
  const fetched = useCachedList<ProjectListItem>(key, staticSite ? null : load, staticSite ? null : seed)
  // A new order keeps the list on screen while it refetches; a new search shows 'Loading…'.
  const sameFilters = fetched.shownKey?.startsWith(`${filtersKey(filters)}\n`) ?? false
  const results = staticSite
    ? { items: filterInPage(projects, filters), error: null }
    : { items: fetched.pending && !sameFilters ? null : fetched.items, error: fetched.error }

  const follow = () => {
    const next = addressFilters()
    setFilters((prev) => (filtersKey(prev) === filtersKey(next) ? prev : next))
  }
  useFollowAddress(follow)
  const go = (href: string) => {
    showInAddress(href)
    follow()
  }
  const onClick = (e: MouseEvent<HTMLElement>) => {
    const href = ownLinkClick(e, paths.projects())
    if (href !== null) go(href)
  }

  return (
    <div className="projects-browse" onClick={onClick}>
      <ProjectsSearch key={filtersKey(filters)} search={filters.search} tag={filters.tag} onSearch={(next) => go(paths.projects(next))} />
      <ProjectsFiltersLine filters={filters} />
      <ProjectsResults items={results.items && order.slugs ? applyOrder(results.items, order.slugs) : results.items} error={results.error} />
    </div>
  )
}
