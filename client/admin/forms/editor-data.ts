// Data plumbing shared by the project and post screens: 401 reporting and list cache updates.
import type { ItemList } from '#src/contract/errors'
import { isUnauthorized, reportSessionEnded } from '../api'

export type { ItemList }

/** Awaits an API call; a 401 ends the session (spec section 4) and is still thrown. */
export async function withSession<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (e) {
    if (isUnauthorized(e)) reportSessionEnded()
    throw e
  }
}

/** Query keys of the two editors' lists. */
export const EDITOR_KEYS = { projects: ['admin', 'projects'] as const, posts: ['admin', 'posts'] as const }

/**
 * The list after a save: the saved item replaces the one it was (found by its slug before the
 * save, which may have changed), or comes first when new (new projects sort first, posts are
 * newest first). The list is reloaded afterwards; this only avoids a flash of stale data.
 */
export function upsertItem<T extends { slug: string }>(list: ItemList<T> | undefined, item: T, previousSlug: string | null): ItemList<T> | undefined {
  if (!list) return list
  const at = list.items.findIndex((x) => x.slug === (previousSlug ?? item.slug))
  const items = at === -1 ? [item, ...list.items] : list.items.map((x, i) => (i === at ? item : x))
  return { ...list, items }
}

export function removeItem<T extends { slug: string }>(list: ItemList<T> | undefined, slug: string): ItemList<T> | undefined {
  return list && { ...list, items: list.items.filter((x) => x.slug !== slug) }
}

/** Draft keys (use-draft.ts): one per screen and project/post, 'new' for the create form. */
export const draftKey = (screen: 'projects' | 'posts', slug: string | null) => `${screen}:${slug === null ? 'new' : `edit:${slug}`}`
