// An item URL whose slug matches nothing (renamed, deleted, mistyped): says so, links to the list.
import { Link } from 'wouter'

type Props = { noun: 'post' | 'project'; slug: string; listHref: string; listLabel: string }

export function EditorNotFound({ noun, slug, listHref, listLabel }: Props) {
  const title = `${noun === 'post' ? 'Post' : 'Project'} not found`
  return (
    <section className="editor-form editor-not-found" aria-labelledby="editor-not-found-heading">
      <h2 id="editor-not-found-heading">{title}</h2>
      <p role="alert">{`No ${noun} has the slug "${slug}". It may have been renamed or deleted.`}</p>
      <Link href={listHref}>{`Back to ${listLabel.toLowerCase()}`}</Link>
    </section>
  )
}
