// The projects list's own data: the display order of spec section 4, saved as a whole list of
// slugs, and the cached list put in that order before the server answers.
import * as adminPaths from '#src/contract/admin-paths'
import { adminApi, withSession } from '#client/lib/admin-api'
import { applyOrder } from '#client/lib/order-sync'

export const reorderProjects = (slugs: string[]) => withSession(adminApi.post(adminPaths.reorderProjects, { slugs }))

/** The items in the order of `slugs`; each order value becomes list length minus index. */
export function withOrder<T extends { slug: string; order: number }>(items: readonly T[], slugs: readonly string[]): T[] {
  const ordered = applyOrder(items, slugs)
  return ordered.map((item, index) => ({ ...item, order: ordered.length - index }))
}
