import { useId, type FormEvent } from 'react'
import { useLocation } from 'wouter'
import * as paths from '#src/contract/paths'

/**
 * The search box of /projects. Submitting puts the text in the `search` URL parameter and keeps
 * the tag; without JavaScript the same GET form reaches the server-rendered filtered list.
 * Keyed by its caller on the current search, so a URL change (Clear filters) resets the text.
 */
export function ProjectsSearch({ search, tag }: { search?: string; tag?: string }) {
  const id = useId()
  const [, navigate] = useLocation()

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    navigate(paths.projects({ search: String(new FormData(event.currentTarget).get('search') ?? ''), tag }))
  }

  return (
    <form className="projects-search" role="search" action={paths.projects()} method="get" onSubmit={onSubmit}>
      <label htmlFor={id}>Search projects</label>
      <div className="projects-search-row">
        <input id={id} type="search" name="search" defaultValue={search ?? ''} maxLength={200} autoComplete="off" />
        {tag && <input type="hidden" name="tag" value={tag} />}
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </form>
  )
}
