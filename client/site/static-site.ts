// A site written by `folio export` and served as files: no folio answers page data behind it.
// Each list page was rendered without a query and carries its whole list as its island's props
// (decision 066); the island filters that list in the page with the rule below.

/** The filters a list's URL holds (?search=&tag=). */
export type StaticFilters = { search?: string; tag?: string }

type Listed = { title: string; summary?: string; tags?: string[] }

// The services' rules (src/features/*/service.ts): a tag matches its key exactly; a search is a
// case-insensitive "contains" over the title, the summary and the tag keys. NOTE: the API also
// searches bodies (full-text) and ranks; the page holds no bodies, so it finds a subset of what
// the API finds, in the list's own order.
const key = (text: string) => text.trim().toLowerCase()

export function matchesFilters(item: Listed, { search, tag }: StaticFilters): boolean {
  const tags = (item.tags ?? []).map(key)
  if (tag && !tags.includes(key(tag))) return false
  if (!search) return true
  const term = search.toLowerCase()
  return [item.title, item.summary ?? '', ...tags].some((text) => text.toLowerCase().includes(term))
}

/** The items of a whole list that `filters` keep, in their order. */
export const filterInPage = <T extends Listed>(items: readonly T[], filters: StaticFilters): T[] => items.filter((item) => matchesFilters(item, filters))
