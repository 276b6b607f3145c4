// BlogPage (being written).
export function BlogPage() {
  return <div className="page"><h1>BlogPage</h1></div>
}

export const blogFilters = (search: URLSearchParams) => ({ search: search.get('search') ?? undefined, tag: search.get('tag') ?? undefined })
