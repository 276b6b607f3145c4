// The site's route table as analytics counts views by it: a view is counted under its path and
// the query its route declares, the render cache's key (src/features/analytics/page-path.ts). Here
// because the route table is the client's and only the web layer imports it; app.ts hands
// `countedView` to the collector.
import { declaredQuery, findRoute } from '#client/site/match-route'
import { viewJudge, type RouteQuery } from '#src/features/analytics/page-path'

const routeQuery: RouteQuery = (pathname, search) => {
  const match = findRoute(pathname)
  return match ? declaredQuery(match.route, search) : ''
}

/** The page a view counts under, or null when it is not counted. */
export const countedView = viewJudge(routeQuery)
