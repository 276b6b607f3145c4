import { useState, type FormEvent } from 'react'
import * as paths from '#src/contract/paths'

/** NOTE: a fixed id, not useId: React (server) and Preact (browser) would make different ones. */
const INPUT_ID = 'projects-search'

type Props = {
  search?: string
  tag?: string
  /** Puts a submitted search (and the tag kept) into the URL. */
  onSearch: (filters: paths.ListFilters) => void
}

/**
 * The search box of /projects. Submitting puts the text in the `search` URL parameter and keeps
 * the tag; without JavaScript the same GET form reaches the server-rendered filtered list.
 * Keyed by its caller on the current filters, so a URL change (Clear filters) resets the text.
 * NOTE: a controlled box, not defaultValue: Preact would write defaultValue back over typed text
 * on every render of the island.
 */
export function ProjectsSearch({ search, tag, onSearch }: Props) {
  const [text, setText] = useState(search ?? '')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSearch({ search: String(new FormData(event.currentTarget).get('search') ?? ''), tag })
  }

  return (
    <form className="projects-search" role="search" action={paths.projects()} method="get" onSubmit={onSubmit}>
      <label htmlFor={INPUT_ID}>Search projects</label>
      <div className="projects-search-row">
        <input id={INPUT_ID} type="search" name="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={200} autoComplete="off" />
        {tag && <input type="hidden" name="tag" value={tag} />}
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </form>
  )
}
