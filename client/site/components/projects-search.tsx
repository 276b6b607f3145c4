import { useId, type FormEvent } from 'react'
import { useLocation } from 'wouter'

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
    const form = new FormData(event.currentTarget)
    const params = new URLSearchParams()
    const text = String(form.get('search') ?? '').trim()
    if (text) params.set('search', text)
    if (tag) params.set('tag', tag)
    const query = params.toString()
    navigate(query ? `/projects?${query}` : '/projects')
  }

  return (
    <form className="projects-search" role="search" action="/projects" method="get" onSubmit={onSubmit}>
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
