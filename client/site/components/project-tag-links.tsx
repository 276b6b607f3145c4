import { Link } from 'wouter'
import * as paths from '#src/contract/paths'

/** The skills page's quick links (spec section 2; settings quickTags), each to the projects with that tag. */
export function ProjectTagLinks({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null
  return (
    <nav className="quick-links" aria-labelledby="quick-links-title">
      <h2 id="quick-links-title" className="quick-links-title">
        Browse projects by tag
      </h2>
      <ul className="tags">
        {tags.map((tag) => (
          <li key={tag}>
            <Link href={paths.projectsTagged(tag)} className="tag">
              {tag}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
