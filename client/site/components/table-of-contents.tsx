// A post's table of contents (issue 6): its h2 and h3 headings, linking to their anchors.
import type { TocHeading } from '#src/contract/publication'

export function TableOfContents({ headings }: { headings: TocHeading[] }) {
  if (!headings.length) return null
  return (
    <nav className="toc" aria-labelledby="toc-heading">
      <h2 id="toc-heading">Contents</h2>
      <ol>
        {headings.map((h) => (
          <li key={h.id} className={h.depth === 3 ? 'toc-sub' : undefined}>
            <a href={`#${h.id}`}>{h.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
