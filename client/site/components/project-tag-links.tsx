import { Link } from 'wouter'
import * as paths from '#src/contract/paths'

/** The fixed quick links of the skills page (spec section 2), each to the projects with that tag. */
export const QUICK_TAGS = ['MERN', 'Solidity', 'FPGA', 'VHDL', 'Arduino', 'React', 'Node', 'Mongo'] as const

export function ProjectTagLinks() {
  return (
    <nav className="quick-links" aria-labelledby="quick-links-title">
      <h2 id="quick-links-title" className="quick-links-title">
        Browse projects by tag
      </h2>
      <ul className="tags">
        {QUICK_TAGS.map((tag) => (
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
