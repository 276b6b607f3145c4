// The unfiltered lists a filtered page shows beside its results (the blog's tag chips come from
// every post), kept between renders until the content they show changes. NOTE: every unique
// search rendered the whole list of posts again, some 110 µs of a 600 µs miss (issue 21); kept,
// a flood of searches pays for its own results only.
import { LRUCache } from 'lru-cache'
import type { SiteData } from '#client/lib/site-data'
import type { ContentTag } from '#src/contract/content-tags'

/**
 * Lists kept at most, the least recently asked dropped past it: the unfiltered forms are a handful
 * (limits are set by the pages, not visitors).
 */
export const KEPT_LISTS_MAX = 16

type Kept = { version: number; value: Promise<unknown> }

/**
 * `data` with its unfiltered lists (no search, no tag) kept while `version(tag)` of what they show
 * stays the same (the render cache's versions: an admin write, or a scheduled item going public,
 * moves them).
 */
export function keepUnfilteredLists(data: SiteData, version: (tag: ContentTag) => number): SiteData {
  const kept = new LRUCache<string, Kept>({ max: KEPT_LISTS_MAX })
  const keep = <T>(tag: ContentTag, key: string, load: () => Promise<T>): Promise<T> => {
    const now = version(tag)
    const hit = kept.get(key)
    if (hit?.version === now) return hit.value as Promise<T>
    const value = load()
    kept.set(key, { version: now, value })
    // A failed load is not kept: the next render asks again.
    value.catch(() => kept.peek(key)?.value === value && kept.delete(key))
    return value
  }
  const unfiltered = (f: { search?: string; tag?: string }) => !f.search && !f.tag
  return {
    ...data,
    projects: (filters) => (unfiltered(filters) ? keep('projects', `projects ${JSON.stringify(filters)}`, () => data.projects(filters)) : data.projects(filters)),
    posts: (filters) => (unfiltered(filters) ? keep('posts', `posts ${JSON.stringify(filters)}`, () => data.posts(filters)) : data.posts(filters)),
    skills: () => keep('skills', 'skills', () => data.skills()),
  }
}
